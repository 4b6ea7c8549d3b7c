import { ASSISTANT_TEXTS, INTERVIEW_SLOTS } from '@studium/protocol';
import type {
  InterviewProgress,
  InterviewTurn,
  ParsedAnswer,
  ReadableMessage,
  RoomBotReply,
  RoomDoc,
  RoomHit,
} from './types';

// A stand-in with the engine's surface and empty answers, so the server runs until the offline
// engine replaces this file.

const emptyReading = (): ParsedAnswer => ({
  courses: [],
  languages: [],
  modality: null,
  availability: [],
  role: null,
  hobbies: [],
  campus: null,
  studies: '',
});

export const parseAnswer = (_text: string): ParsedAnswer => emptyReading();
export const emptyProgress = (): InterviewProgress => ({ reading: emptyReading(), asked: [] });
export const openingQuestion = () => 'Hi! Which courses are you taking, and what are you looking for?';

export function interviewTurn(progress: InterviewProgress | null, _answer: string): InterviewTurn {
  return {
    progress: progress ?? emptyProgress(),
    reply: 'Thanks! Tell me more.',
    missing: [...INTERVIEW_SLOTS],
    complete: false,
  };
}

export class RoomIndex {
  constructor(private readonly rooms: RoomDoc[]) {}
  search(query: string, opts: { context?: string; limit?: number } = {}): RoomHit[] {
    const words = query
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2);
    return this.rooms
      .filter((r) => words.some((w) => `${r.name} ${r.topic}`.toLowerCase().includes(w)))
      .slice(0, opts.limit ?? 5)
      .map((room) => ({ room, score: 0.5, reason: `Its name or topic mentions what you asked.` }));
  }
}

export function answerInRoom(
  _request: string,
  _messages: ReadableMessage[],
  _opts: { botName?: string } = {},
): RoomBotReply {
  return { skill: 'cannot', text: ASSISTANT_TEXTS.cannotAnswer, cited: [] };
}

export const discoveryReply = (_query: string, hits: RoomHit[]): string =>
  hits.length === 0
    ? ASSISTANT_TEXTS.noRoomsFound
    : hits.map((h) => `- **${h.room.path}**: ${h.reason}`).join('\n');
