import { loadEngine } from '../engine/load';
import type { InterviewTurn, ParsedAnswer, ReadableMessage, RoomHit } from '../engine/types';
import { chunkText, type AiProvider, type RoomBotAnswer } from './provider';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Streams a finished text a few words at a time, `pauseMs` apart, like a model would. */
export async function* streamText(text: string, pauseMs: number): AsyncIterable<string> {
  const chunks = chunkText(text);
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0 && pauseMs > 0) await wait(pauseMs);
    yield chunks[i]!;
  }
}

/** The offline engine behind the provider surface: no network, nothing leaves the server. */
export class OfflineProvider implements AiProvider {
  readonly engine = 'offline' as const;

  constructor(private readonly pauseMs = 20) {}

  async parse(text: string): Promise<ParsedAnswer> {
    return (await loadEngine()).parseAnswer(text);
  }

  interviewReply(turn: InterviewTurn): AsyncIterable<string> {
    return streamText(turn.reply, this.pauseMs);
  }

  async *discoveryReply(query: string, hits: RoomHit[]): AsyncIterable<string> {
    const engine = await loadEngine();
    yield* streamText(engine.discoveryReply(query, hits), this.pauseMs);
  }

  /** The engine quotes only the messages it cites. */
  async roomBotReply(request: string, messages: ReadableMessage[], botName: string): Promise<RoomBotAnswer> {
    const reply = (await loadEngine()).answerInRoom(request, messages, { botName });
    return { deltas: streamText(reply.text, this.pauseMs), quotes: reply.cited };
  }
}
