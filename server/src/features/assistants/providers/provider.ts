import type { InterviewTurn, ParsedAnswer, ReadableMessage, RoomHit } from '../engine/types';

/**
 * Where the assistants' words come from: the offline engine, or an OpenAI-compatible endpoint
 * (docs/assistants.md, "Configuration"). Every reply is an async iterable of text deltas, streamed
 * to the room as they come; the concatenation is the stored message. The service gives each call
 * only what the asking user may read and what its authors let bots read.
 */
export interface AiProvider {
  readonly engine: 'offline' | 'endpoint';
  /** One interview answer read into the interview slots (codes outside the catalogue dropped). */
  parse(text: string): Promise<ParsedAnswer>;
  /** The interview bot's reply to `answer`, saying what `turn` understood and asking what is next. */
  interviewReply(turn: InterviewTurn, answer: string): AsyncIterable<string>;
  /** The discovery bot's reply listing `hits` (already ranked, all readable by the asker). */
  discoveryReply(query: string, hits: RoomHit[]): AsyncIterable<string>;
  /** The room bot's answer to `request` from `messages` (oldest first) and nothing else. */
  roomBotReply(request: string, messages: ReadableMessage[], botName: string): Promise<RoomBotAnswer>;
}

/**
 * A room bot answer as it streams, with the ids of the messages it may quote: stored with it, so
 * that erasing one of them redacts the answer (docs/assistants.md, "Erasure").
 */
export interface RoomBotAnswer {
  deltas: AsyncIterable<string>;
  quotes: readonly number[];
}

/** The deltas of an answer still being prepared. */
export async function* deltasOf(answer: Promise<RoomBotAnswer>): AsyncIterable<string> {
  yield* (await answer).deltas;
}

/** Splits text into deltas of a few words (whitespace kept), as the offline engine streams it. */
export function chunkText(text: string, wordsPerChunk = 3): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const lead = /^\s*/.exec(text)?.[0] ?? '';
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk)
    chunks.push(words.slice(i, i + wordsPerChunk).join(''));
  if (lead && chunks.length > 0) chunks[0] = lead + chunks[0];
  return chunks.length > 0 ? chunks : text ? [text] : [];
}
