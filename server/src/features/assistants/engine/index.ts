/** The offline assistants engine: pure functions over text (docs/assistants.md). */
export { parseAnswer } from './parse-answer';
export { parseAvailability } from './availability';
export { RoomIndex } from './room-index';
export { answerInRoom } from './room-bot';
export { interviewTurn, emptyProgress, openingQuestion, describe } from './interview';
export { discoveryReply } from './discovery-reply';
export type {
  ParsedAnswer,
  RoomDoc,
  RoomHit,
  ReadableMessage,
  RoomBotSkill,
  RoomBotReply,
  InterviewProgress,
  InterviewTurn,
} from './types';
