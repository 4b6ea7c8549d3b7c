import {
  ASSISTANT_BOTS,
  ASSISTANT_TEXTS,
  INTERVIEW_SLOTS,
  LIMITS,
  MATCHMAKING_TEXTS,
  formatWindow,
  intentFields,
  partyPayload,
  saveIntentBody,
  topicLabel,
  type AssistantKind,
  type AssistantRoomResponse,
  type BotConsentResponse,
  type InterviewConfirmBody,
  type InterviewConfirmResponse,
  type InterviewReading,
  type InterviewState,
  type Modality,
  type OnboardingCompleteResponse,
  type PartyModality,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { isUniqueViolation, nowIso, toDbBool } from '../../db/dialect';
import type { Executor, Room } from '../../db/schema';
import { Invalid } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import { parseInput } from '../../lib/validate';
import { postMessage, publishMessageEvents } from '../chat/post-message';
import { presentIntentById, saveIntentIn } from '../matchmaking/matchmaking.service';
import { pausePartyIn, upsertParty } from '../matchmaking/party.service';
import { publishProfileHint } from '../../realtime/publish';
import { saveProfileFields } from '../profile/profile.service';
import { createRoom } from '../rooms/rooms.service';
import { loadEngine } from './engine/load';
import { emptyProgress, openingQuestion } from './engine/progress';
import type { InterviewTurn, ParsedAnswer } from './engine/types';
import { presentInterviewState, type StoredInterview } from './assistants.presenter';
import * as repo from './assistants.repository';
import type { AiProvider } from './providers/provider';
import { combineReadings } from './providers/readings';

/** The bot account of each assistant page. */
export const BOT_OF_KIND: Record<AssistantKind, string> = {
  interview: ASSISTANT_BOTS.interview,
  discovery: ASSISTANT_BOTS.discovery,
};

/** The assistants' per-user budget: parse, discover, and every bot answer a user asks for. */
export const enforceAssistantRate = (ctx: AppContext, user: { id: number }) =>
  enforceRate(ctx.limiter, `assistant:user:${user.id}`, ctx.config.rateLimits.assistant);

// Per database: a process serves one, but tests run several side by side.
const botIds = new WeakMap<object, Map<string, number>>();
/** A bot account's id (seeded by a migration; kept once read). */
export async function botId(db: Executor, username: string): Promise<number> {
  let known = botIds.get(db);
  if (!known) botIds.set(db, (known = new Map()));
  const cached = known.get(username);
  if (cached !== undefined) return cached;
  const id = await repo.findBotId(db, username);
  if (id === undefined) throw new Error(`bot account ${username} is missing`);
  known.set(username, id);
  return id;
}

const assistantPath = (kind: AssistantKind, userId: number) => `assistant:${kind}:${userId}`;

/**
 * `GET /api/assistants/{kind}/room/`: the user's private room with the assistant, made on first
 * use with the bot's greeting as its first message. Only the user and the bot are members.
 */
export async function getAssistantRoom(
  ctx: AppContext,
  user: CurrentUser,
  kind: AssistantKind,
  provider: AiProvider,
): Promise<AssistantRoomResponse> {
  const botName = BOT_OF_KIND[kind];
  // The page's first answer needs the offline engine: start loading it now (docs/assistants.md).
  loadEngine().catch((err: unknown) => ctx.log.error({ err }, 'the assistants engine failed to load'));
  let room = await repo.findAssistantRoom(ctx.db, user.id, kind);
  if (!room) {
    const bot = await botId(ctx.db, botName);
    const at = nowIso();
    const path = assistantPath(kind, user.id);
    try {
      const greeting = kind === 'interview' ? openingQuestion() : ASSISTANT_TEXTS.discoveryGreeting;
      const events = await ctx.writer.run(async (trx) => {
        const room = {
          name: ASSISTANT_TEXTS.assistantRoomName[kind],
          slug: path,
          path,
          parent_id: null,
          depth: 0,
          kind: 'assistant' as const,
          assistant: kind,
          topic: '',
          description: '',
          is_bot_allowed: 1,
          is_public_readable: 0,
          is_write_gated: 1,
          owner_id: user.id,
          last_message_at: null,
          created_at: at,
        };
        const id = await createRoom(trx, room, [
          { userId: user.id, role: 'owner' },
          { userId: bot, role: 'member' },
        ]);
        // The greeting is the bot's first message, posted as any other.
        const posted = await postMessage(trx, {
          room: { ...room, id, message_count: 0 },
          author: { id: bot, username: botName, sessionId: 0 },
          kind: 'bot',
          content: greeting,
          at,
        });
        return posted?.events;
      });
      if (events) await publishMessageEvents(ctx, events);
    } catch (err) {
      // Two first visits at once: the other one made it.
      if (!isUniqueViolation(err)) throw err;
    }
    room = await repo.findAssistantRoom(ctx.db, user.id, kind);
    if (!room) throw new Error('assistant room not created');
  }
  return { room_id: room.id, room_name: room.path, bot_username: botName, engine: provider.engine };
}

const initialInterview = (): StoredInterview => ({
  progress: emptyProgress(),
  missing: [...INTERVIEW_SLOTS],
  complete: false,
});

export async function loadInterview(db: Executor, userId: number): Promise<StoredInterview> {
  const json = await repo.findInterviewProgress(db, userId);
  if (!json) return initialInterview();
  try {
    return JSON.parse(json) as StoredInterview;
  } catch {
    return initialInterview();
  }
}

export async function saveInterview(db: Executor, userId: number, stored: StoredInterview) {
  await repo.saveInterviewProgress(db, userId, JSON.stringify(stored), nowIso());
}

/** `GET /api/assistants/interview/`: what the interview understood so far. */
export async function getInterviewState(
  ctx: AppContext,
  user: CurrentUser,
  provider: AiProvider,
): Promise<InterviewState> {
  const { room_id: roomId } = await getAssistantRoom(ctx, user, 'interview', provider);
  return presentInterviewState(roomId, await loadInterview(ctx.db, user.id));
}

/** `POST /api/assistants/interview/parse/`: one answer read, nothing stored. */
export async function parseInterviewAnswer(
  ctx: AppContext,
  user: CurrentUser,
  text: string,
  provider: AiProvider,
): Promise<InterviewReading> {
  await enforceAssistantRate(ctx, user);
  const { studies: _studies, ...reading } = await provider.parse(text);
  return reading;
}

/**
 * The provider's reading of an answer added to the offline engine's turn (`combineReadings`: lists
 * gain what it found, a slot it filled is no longer missing; the turn keeps the dialogue's order).
 */
export function mergeReadingIntoTurn(turn: InterviewTurn, extra: ParsedAnswer): InterviewTurn {
  const reading = combineReadings(turn.progress.reading, extra);
  const filled = (slot: (typeof INTERVIEW_SLOTS)[number]) => {
    const value = reading[slot];
    return Array.isArray(value) ? value.length > 0 : value !== null;
  };
  const missing = turn.missing.filter((slot) => !filled(slot));
  return {
    ...turn,
    progress: { ...turn.progress, reading },
    missing,
    complete: turn.complete || missing.length === 0,
  };
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
/** Items joined by ", " while they fit in `max` characters. */
function joinWithin(items: string[], max: number): string {
  let out = '';
  for (const item of items) {
    const next = out ? `${out}, ${item}` : item;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

const PARTY_MODALITY: Record<Modality, PartyModality> = {
  in_person: 'in_person',
  online: 'remote',
  remote: 'remote',
  hybrid: 'either',
  either: 'either',
};
/** A study group made from the interview: the user and three more. */
const INTERVIEW_PARTY_SIZE = 4;

/**
 * `POST /api/assistants/interview/confirm/`: the card as confirmed. One transaction: the profile's
 * studies, languages (their English names, as the profile page shows them) and interests (the
 * hobbies), then a tutor or tutoree intent for the first course, or a paused party (a draft the
 * Group tab shows for review) on the first course or hobby (docs/assistants.md).
 */
export async function confirmInterview(
  ctx: AppContext,
  user: CurrentUser,
  body: InterviewConfirmBody,
): Promise<InterviewConfirmResponse> {
  const at = nowIso();
  const languages = joinWithin(
    body.languages.map((code) => languageNames.of(code) ?? code),
    LIMITS.languagesMax,
  );
  const profile = {
    ...(body.studies ? { studies: body.studies.slice(0, LIMITS.studiesMax) } : {}),
    ...(body.languages.length > 0 ? { languages_spoken: languages } : {}),
    ...(body.hobbies.length > 0
      ? { interests: joinWithin(body.hobbies.map(topicLabel), LIMITS.interestsMax) }
      : {}),
  };
  const availabilityText = joinWithin(body.availability.map(formatWindow), 200);
  const [course] = body.courses;
  const role = body.role;

  let intentFieldsInput: ReturnType<typeof intentFields.parse> | undefined;
  let party: ReturnType<typeof partyPayload.parse> | undefined;
  if (role === 'tutor' || role === 'tutoree') {
    if (!course) throw new Invalid(MATCHMAKING_TEXTS.pickCourse, { courses: MATCHMAKING_TEXTS.pickCourse });
    intentFieldsInput = parseInput(intentFields, {
      course_code: course,
      modality: body.modality ?? 'either',
      languages: body.languages.join(','),
      campus: body.campus ?? '',
      availability: availabilityText,
    });
  } else if (role === 'group') {
    const topic = course ?? body.hobbies[0];
    if (!topic)
      throw new Invalid(ASSISTANT_TEXTS.groupNeedsTopic, { courses: ASSISTANT_TEXTS.groupNeedsTopic });
    party = parseInput(partyPayload, {
      topic_key: topic,
      target_size: INTERVIEW_PARTY_SIZE,
      existing_member_count: 1,
      campus: body.campus ?? '',
      languages: body.languages.join(','),
      modality: body.modality ? PARTY_MODALITY[body.modality] : null,
      availability: body.availability,
      members: [{ username: user.username, display_name: user.username, is_owner: true }],
    });
  }

  let profileSeenChanged = false;
  const saved = await ctx.writer.run(async (trx) => {
    profileSeenChanged = await saveProfileFields(trx, user, profile, at);
    if (intentFieldsInput && (role === 'tutor' || role === 'tutoree')) {
      const body = parseInput(saveIntentBody, { mode: 'replace', ...intentFieldsInput });
      return { intentId: await saveIntentIn(trx, user, role, body, at), partyId: null };
    }
    if (party) {
      // The interview's party lists only its owner, so it invites nobody.
      const { id: partyId } = await upsertParty(ctx, trx, user, party, 'replace', at);
      await pausePartyIn(trx, partyId, at);
      return { intentId: null, partyId };
    }
    return { intentId: null, partyId: null };
  });
  if (profileSeenChanged) await publishProfileHint(ctx, user.id);
  ctx.log.info({ userId: user.id, role, ...saved }, 'interview confirmed');
  return {
    intent: saved.intentId === null ? null : await presentIntentById(ctx.db, saved.intentId, at),
    intent_role: role === 'tutor' || role === 'tutoree' ? role : null,
    party_saved: saved.partyId !== null,
  };
}

export async function getConsent(ctx: AppContext, user: CurrentUser): Promise<BotConsentResponse> {
  return { bots_may_read: await repo.findBotsMayRead(ctx.db, user.id) };
}

/** Whether bots may read the user's messages; off takes effect on the next bot answer. */
export async function setConsent(
  ctx: AppContext,
  user: CurrentUser,
  allowed: boolean,
): Promise<BotConsentResponse> {
  await ctx.writer.run((trx) => repo.updateBotsMayRead(trx, user.id, toDbBool(allowed)));
  ctx.log.info({ userId: user.id, botsMayRead: allowed }, 'bot consent changed');
  return { bots_may_read: allowed };
}

export async function completeOnboarding(
  ctx: AppContext,
  user: CurrentUser,
): Promise<OnboardingCompleteResponse> {
  await ctx.writer.run((trx) => repo.markOnboardingCompleted(trx, user.id));
  return { onboarding_completed: true };
}

/** The room of a bot post, as the rules need it. */
export type BotRoom = Pick<Room, 'id' | 'kind' | 'is_bot_allowed' | 'assistant' | 'owner_id' | 'name'>;
