import type { InterviewReading, InterviewSlot } from '@studium/protocol';

/**
 * The offline engine's surface: pure functions over text, with no database and no network. The
 * assistants service feeds it what the asking user may read and stores what it answers.
 * docs/assistants.md describes how each part works and how well.
 */

/** One answer read: the interview slots, plus the free text of the studies ("second year CS"). */
export interface ParsedAnswer extends InterviewReading {
  studies: string;
}

/** The slots a reading is scored and asked on. */
export type ScoredSlot = 'courses' | 'languages' | 'modality' | 'availability' | 'role';

/** How sure the engine is of each slot it read, 0..1 (0 for an empty slot). */
export type SlotConfidence = Record<ScoredSlot, number>;

/** A room as the discovery index sees it (only rooms the asking user may read are ever given). */
export interface RoomDoc {
  id: number;
  name: string;
  /** "Mathematics › Linear Algebra" */
  path: string;
  slug: string;
  description: string;
  topic: string;
}

export interface RoomHit {
  room: RoomDoc;
  /** 0..1, best first. */
  score: number;
  /** One sentence: why this room fits the request. */
  reason: string;
}

/** A stored message the room bot may read (authors who opted out are never passed in). */
export interface ReadableMessage {
  id: number;
  username: string;
  content: string;
  created_at: string;
}

export type RoomBotSkill = 'summary' | 'answer' | 'search' | 'help' | 'cannot';

export interface RoomBotReply {
  skill: RoomBotSkill;
  /** Markdown, ready to store as the bot's message. */
  text: string;
  /** The ids of the messages the reply quotes or points to (all from the given list). */
  cited: number[];
}

/** The interview so far: the merged reading and which slots the bot has already asked about. */
export interface InterviewProgress {
  reading: ParsedAnswer;
  asked: InterviewSlot[];
  /** The slot the last question was about: a short answer ("Riverside", "both") is read for it. */
  pending?: InterviewSlot | null;
}

export interface InterviewTurn {
  progress: InterviewProgress;
  /** The bot's reply: what it understood, and the next question, or the summary when done. */
  reply: string;
  missing: InterviewSlot[];
  complete: boolean;
}
