/** The offline assistants engine: pure functions over text (docs/assistants.md). */
export { parseAnswer, readAnswer, CONFIDENCE_THRESHOLD } from './parse-answer';
export { parseAvailability } from './availability';
export { RoomIndex } from './room-index';
export { answerInRoom } from './room-bot';
export { interviewTurn, describe } from './interview';
export { emptyProgress, openingQuestion } from './progress';
export { discoveryReply } from './discovery-reply';
export type {
  ParsedAnswer,
  ScoredSlot,
  SlotConfidence,
  RoomDoc,
  RoomHit,
  ReadableMessage,
  RoomBotSkill,
  RoomBotReply,
  InterviewProgress,
  InterviewTurn,
} from './types';
