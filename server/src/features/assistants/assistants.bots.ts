import { ASSISTANT_BOTS, ASSISTANT_LIMITS, ASSISTANT_TEXTS } from '@studium/protocol';
import type { AppContext, CurrentUser, MessageSentEvent } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Room } from '../../db/schema';
import { postMessage, publishMessageEvents } from '../chat/post-message';
import { hasErasedMessage, insertQuotes } from '../chat/chat.service';
import { findRoomById } from '../rooms/rooms.service';
import * as policy from '../rooms/rooms.policy';
import { publishToRoom } from '../../realtime/publish';
import { RateLimited } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { loadEngine } from './engine/load';
import type { ReadableMessage } from './engine/types';
import * as repo from './assistants.repository';
import {
  botId,
  BOT_OF_KIND,
  enforceAssistantRate,
  loadInterview,
  mergeReadingIntoTurn,
  saveInterview,
} from './assistants.service';
import { searchRooms } from './discovery.service';
import type { AiProvider } from './providers/provider';

/** `@studybot` as a word of the text (a mention typed without picking it from the list counts too). */
const MENTION = new RegExp(`(^|[^A-Za-z0-9_])@${ASSISTANT_BOTS.room}(?![A-Za-z0-9_])`, 'i');
/** At most one "busy" notice per room a minute; other limited requests get no answer. */
const BUSY_NOTICE = { burst: 3, perSecond: 3 / 60 };

export interface Assistants {
  onMessageSent(event: MessageSentEvent): void;
  /** Settles when every answer under way has been stored (the server waits for it when it stops). */
  drain(): Promise<void>;
}

/**
 * The bots' answers to people's messages (docs/assistants.md, "Bots in rooms"). Each runs after
 * the send that caused it has been answered, one at a time per room, and a failure is logged:
 * the sender's message is stored and sent whatever happens here.
 */
export function createAssistants(ctx: AppContext, provider: AiProvider): Assistants {
  const pending = new Set<Promise<void>>();
  const queues = new Map<number, Promise<void>>();
  return {
    onMessageSent(event) {
      if (!wantsAnswer(event)) return;
      const roomId = event.room.id;
      const previous = queues.get(roomId) ?? new Promise<void>((resolve) => setImmediate(resolve));
      const task = previous
        .then(() => answer(ctx, provider, event))
        .catch((err: unknown) => ctx.log.error({ err, roomId }, 'assistant answer failed'));
      queues.set(roomId, task);
      pending.add(task);
      void task.finally(() => {
        pending.delete(task);
        if (queues.get(roomId) === task) queues.delete(roomId);
      });
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

const mentionsRoomBot = (event: MessageSentEvent) =>
  event.mentions.some((m) => m.toLowerCase() === ASSISTANT_BOTS.room) || MENTION.test(event.content);

/** Cheap checks on what the send already knows; the answer checks again against the database. */
function wantsAnswer({ room, author, ...event }: MessageSentEvent): boolean {
  if (room.kind === 'assistant') return room.owner_id === author.id && room.assistant !== null;
  return room.is_bot_allowed === 1 && mentionsRoomBot({ room, author, ...event });
}

async function answer(ctx: AppContext, provider: AiProvider, event: MessageSentEvent) {
  const { room, author } = event;
  if (room.kind === 'assistant' && room.assistant) {
    const botName = BOT_OF_KIND[room.assistant];
    if (!(await withinLimits(ctx, author, room, botName, false))) return;
    if (room.assistant === 'interview') {
      const stored = await loadInterview(ctx.db, author.id);
      const { interviewTurn } = await loadEngine();
      let turn = interviewTurn(stored.progress, event.content);
      if (provider.engine === 'endpoint')
        turn = mergeReadingIntoTurn(turn, await provider.parse(event.content));
      await saveInterview(ctx.db, author.id, {
        progress: turn.progress,
        missing: turn.missing,
        complete: turn.complete,
      });
      await streamReply(ctx, room, botName, provider.interviewReply(turn, event.content), null);
    } else {
      const { hits } = await searchRooms(ctx, author, event.content);
      await streamReply(ctx, room, botName, provider.discoveryReply(event.content, hits), null);
    }
    return;
  }
  const botName = ASSISTANT_BOTS.room;
  if (!(await withinLimits(ctx, author, room, botName, true, event.messageId))) return;
  const rows = await repo.listBotReadableMessages(
    ctx.db,
    room.id,
    ASSISTANT_LIMITS.roomBotContext,
    event.messageId,
  );
  const messages: ReadableMessage[] = rows.reverse();
  const request = event.content.replace(MENTION, '$1').trim() || event.content;
  const reply = await provider.roomBotReply(request, messages, botName);
  await streamReply(ctx, room, botName, reply.deltas, event.messageId, author, reply.quotes);
}

/**
 * The asker's assistant budget, and the room's for the room bot. Over it, the bot answers the
 * question with when it can answer again (at most `BUSY_NOTICE` times a minute per asker and room,
 * so asking again and again does not make the bot flood the room; docs/assistants.md).
 */
async function withinLimits(
  ctx: AppContext,
  author: CurrentUser,
  room: Room,
  botName: string,
  perRoom: boolean,
  question: number | null = null,
) {
  try {
    await enforceAssistantRate(ctx, author);
    if (perRoom) await enforceRate(ctx.limiter, `bot:room:${room.id}`, ctx.config.rateLimits.roomBot);
    return true;
  } catch (err) {
    if (!(err instanceof RateLimited)) throw err;
    const notice = await ctx.limiter.take(`bot:busy:${room.id}:${author.id}`, BUSY_NOTICE);
    if (notice.allowed) {
      const text = ASSISTANT_TEXTS.botBusyFor(err.retryAfterSeconds);
      await streamReply(ctx, room, botName, once(text), question, question === null ? undefined : author);
    }
    return false;
  }
}

async function* once(text: string): AsyncIterable<string> {
  yield text;
}

/** Whether the bot may post in the room now (read fresh: the owner may have switched bots off). */
async function botMayPost(ctx: AppContext, roomId: number, botUserId: number): Promise<Room | undefined> {
  const room = await findRoomById(ctx.db, roomId);
  if (!room) return undefined;
  const membership = (await repo.isMember(ctx.db, room.id, botUserId))
    ? { role: 'member' as const }
    : undefined;
  return policy.botsMayPost(room, membership) ? room : undefined;
}

/**
 * Streams a bot's reply to the room as `bot_stream` deltas, in order (each published before the
 * next), then stores it as the bot's message, with the messages it quotes, and publishes it; the
 * `message` frame replaces the stream on clients. The reply is cut at ASSISTANT_LIMITS.replyMax.
 * A quoted message erased while the reply streamed leaves only `answerRedacted` stored.
 */
async function streamReply(
  ctx: AppContext,
  room: Room,
  botName: string,
  deltas: AsyncIterable<string>,
  replyTo: number | null,
  asker?: CurrentUser,
  quoted: readonly number[] = [],
) {
  const bot = { id: await botId(ctx.db, botName), username: botName, sessionId: 0 };
  if (!(await botMayPost(ctx, room.id, bot.id))) return;
  let text = '';
  for await (const piece of deltas) {
    const delta = piece.slice(0, ASSISTANT_LIMITS.replyMax - text.length);
    if (!delta) break;
    text += delta;
    await publishToRoom(ctx, room.id, { type: 'bot_stream', username: botName, delta });
  }
  if (!text.trim()) {
    text = ASSISTANT_TEXTS.cannotAnswer;
    await publishToRoom(ctx, room.id, { type: 'bot_stream', username: botName, delta: text });
  }
  const at = nowIso();
  const stored = await ctx.writer.run(async (trx) => {
    const current = await findRoomById(trx, room.id);
    if (!current) return undefined;
    const membership = (await repo.isMember(trx, room.id, bot.id)) ? { role: 'member' as const } : undefined;
    if (!policy.botsMayPost(current, membership)) return undefined;
    // Erased meanwhile: the answer is stored as it would have been redacted (docs/assistants.md).
    if (quoted.length > 0 && (await hasErasedMessage(trx, quoted))) text = ASSISTANT_TEXTS.answerRedacted;
    // The asker hears of the answer as of any reply to their message.
    const posted = await postMessage(trx, {
      room: current,
      author: bot,
      kind: 'bot',
      content: text,
      at,
      replyTo: replyTo === null ? null : { id: replyTo, user_id: asker?.id ?? null },
    });
    if (posted && text !== ASSISTANT_TEXTS.answerRedacted) await insertQuotes(trx, posted.message.id, quoted);
    return posted?.events;
  });
  if (stored) await publishMessageEvents(ctx, stored);
}
