import {
  MATCHMAKING_TEXTS,
  otherRole,
  type AcceptMatchResponse,
  type DeleteIntentBody,
  type IntentFields,
  type IntentResponse,
  type MatchDecisionBody,
  type OkResponse,
  type RecommendationsResponse,
  type SaveIntentBody,
  type TutoringMatchesResponse,
  type TutoringRole,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso, toDbBool } from '../../db/dialect';
import { lockUser } from '../../db/locks';
import type { Executor } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { postMessage, publishMessageEvents } from '../chat/post-message';
import { listBlockRelations } from '../blocks/blocks.service';
import { dmPath, findOrCreateDm } from '../dms/dms.service';
import { notifyRoomEvent, publishNotifications } from '../notifications/notifications.service';
import { presentIntent, presentRecommendation, parsePrefs } from './matchmaking.presenter';
import * as repo from './matchmaking.repository';
import { findSystemAuthor } from './party.service';
import { findRoomById } from '../rooms/rooms.service';
import type { IntentRow } from './matchmaking.repository';
import { compareRecommendations, matchScorer } from './matchmaking.scoring';

const t = MATCHMAKING_TEXTS;

/** Most recommendations one call answers (docs/matchmaking.md). */
export const MAX_RECOMMENDATIONS = 20;
/** Candidates read in full per query, best first: room for a few tutors with no place left. */
const RANKED_SLICE = MAX_RECOMMENDATIONS * 2;

const DAY_MS = 86_400_000;
const expiresAt = (at: string, ttlDays: number): string =>
  new Date(Date.parse(at) + ttlDays * DAY_MS).toISOString();

/** The stored form of the fields a user sets; the clock fields are the caller's. */
const storedFields = (fields: IntentFields) => ({
  course_code: fields.course_code,
  modality: fields.modality,
  campus: fields.campus,
  languages: fields.languages,
  location_hint: fields.location_hint,
  topic: fields.topic,
  capacity: fields.capacity,
  is_open: toDbBool(fields.is_open),
  prefs: JSON.stringify(fields.prefs),
  ttl_days: fields.ttl_days,
  pitch: fields.pitch,
  availability: fields.availability,
});

/** The tutor of a pair; only a tutor's matches are bounded (by its capacity). */
const tutorOf = (a: IntentRow, b: IntentRow): IntentRow => (a.role === 'tutor' ? a : b);

/** Whether an intent takes part in matching now: open and not expired. */
const isLive = (intent: IntentRow, now: string) => intent.status === 'open' && intent.expires_at > now;

/** `GET /api/intent/{role}`: the user's current (open or paused) intent of the role. */
export async function getIntent(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
): Promise<IntentResponse> {
  const now = nowIso();
  const row = await repo.findCurrentIntent(ctx.db, user.id, role, now);
  return { intent: row ? presentIntent(row, now) : null };
}

/** `POST /api/intent/{role}`: create, replace, pause or resume the user's intent of the role. */
export async function saveIntent(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
  body: SaveIntentBody,
): Promise<IntentResponse> {
  const at = nowIso();
  const id = await ctx.writer.run((trx) => saveIntentIn(trx, user, role, body, at));
  ctx.log.info({ userId: user.id, intentId: id, role, mode: body.mode }, 'intent saved');
  return { intent: await presentIntentById(ctx.db, id, at) };
}

/** The user's intent of the role as saved by `saveIntent`, in the caller's transaction; answers its id. */
export async function saveIntentIn(
  trx: Executor,
  user: CurrentUser,
  role: TutoringRole,
  body: SaveIntentBody,
  at: string,
): Promise<number> {
  // One current intent per role: two saves at once take turns, the second sees the first's.
  await lockUser(trx, user.id);
  const current = await repo.findCurrentIntent(trx, user.id, role, at);
  switch (body.mode) {
    case 'create':
      if (current) throw new Conflict(t.alreadyOpen);
      return insertIntent(trx, user, role, body, at);
    case 'replace':
      if (!current) return insertIntent(trx, user, role, body, at);
      await repo.updateIntent(trx, current.id, {
        ...storedFields(body),
        status: 'open',
        updated_at: at,
        expires_at: expiresAt(at, body.ttl_days),
      });
      return current.id;
    case 'pause':
      if (!current) throw new NotFound(t.noIntent);
      if (current.status === 'open')
        await repo.updateIntent(trx, current.id, { status: 'paused', updated_at: at });
      return current.id;
    case 'resume':
      if (current?.status !== 'paused') throw new Conflict(t.noPausedIntent);
      await repo.updateIntent(trx, current.id, { status: 'open', updated_at: at });
      return current.id;
  }
}

/** An intent as the API sends it, by id. */
export async function presentIntentById(db: Executor, id: number, at: string) {
  const row = await repo.findIntentById(db, id);
  if (!row) throw new NotFound(t.intentNotFound);
  return presentIntent(row, at);
}

async function insertIntent(
  trx: Executor,
  user: CurrentUser,
  role: TutoringRole,
  fields: IntentFields,
  at: string,
): Promise<number> {
  // Intents whose time ran out leave the user's current slot for good.
  await repo.archiveExpiredIntents(trx, user.id, role, at);
  return repo.insertIntent(trx, {
    user_id: user.id,
    role,
    ...storedFields(fields),
    status: 'open',
    created_at: at,
    updated_at: at,
    expires_at: expiresAt(at, fields.ttl_days),
  });
}

/**
 * `GET /api/intent/{role}/recs`: open intents of the other role for the same course, scored
 * against the user's open intent, best first. The query narrows by (role, course, status) and
 * reads only the scored fields; scoring runs on that set, and the best are then read in full.
 */
export async function listRecommendations(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
): Promise<RecommendationsResponse> {
  const now = nowIso();
  const subject = await repo.findCurrentIntent(ctx.db, user.id, role, now);
  if (!subject || subject.status !== 'open') return { subject_intent_id: null, results: [] };
  // A tutor at capacity takes no more matches: nobody to recommend.
  if (role === 'tutor' && (await repo.countAccepted(ctx.db, subject.id)) >= subject.capacity)
    return { subject_intent_id: subject.id, results: [] };
  const blocked = await listBlockRelations(ctx.db, user.id);
  const score = matchScorer(subject, parsePrefs(subject.prefs));
  // Either side of a block never sees the other recommended (docs/blocks.md).
  const ranked = (await repo.listCandidates(ctx.db, subject, otherRole(role), now))
    .filter((row) => !blocked.has(row.user_id))
    .map((row) => ({ candidate_intent_id: row.id, ...score(row) }))
    .sort(compareRecommendations);
  // What is shown and the places left are read for a slice of the ranking at a time, best first; a
  // tutor with no place left is passed over, so the answer is the best MAX_RECOMMENDATIONS of those
  // who can still take one.
  const results: RecommendationsResponse['results'] = [];
  for (let from = 0; from < ranked.length && results.length < MAX_RECOMMENDATIONS; from += RANKED_SLICE) {
    const slice = ranked.slice(from, from + RANKED_SLICE);
    const read = await repo.findRecommendable(
      ctx.db,
      slice.map((c) => c.candidate_intent_id),
      now,
    );
    const rows = new Map(read.map((row) => [row.id, row]));
    for (const { candidate_intent_id, ...match } of slice) {
      const row = rows.get(candidate_intent_id);
      if (!row) continue;
      const placesLeft = row.capacity - Number(row.accepted_as_subject) - Number(row.accepted_as_candidate);
      if (row.role === 'tutor' && placesLeft <= 0) continue;
      results.push(presentRecommendation(row, match, row.role === 'tutor' ? placesLeft : null));
      if (results.length === MAX_RECOMMENDATIONS) break;
    }
  }
  return { subject_intent_id: subject.id, results };
}

/**
 * `GET /api/intent/{role}/matches`: every match of the user's intents of the role (current or
 * past), newest first, with the DM room; as a tutor with a current intent, its places left.
 */
export async function listMatches(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
): Promise<TutoringMatchesResponse> {
  const now = nowIso();
  const rows = await repo.listMatches(ctx.db, user.id, role);
  const current = role === 'tutor' ? await repo.findCurrentIntent(ctx.db, user.id, role, now) : undefined;
  const used = current ? await repo.countAccepted(ctx.db, current.id) : 0;
  return {
    matches: rows.map((row) => ({
      username: row.username,
      role: row.role,
      course_code: row.course_code,
      room: row.room_id!,
      matched_at: row.created_at,
    })),
    capacity: current ? { remaining: Math.max(0, current.capacity - used), total: current.capacity } : null,
  };
}

/**
 * The user's own live intent of the role. Someone else's is answered exactly like a missing or
 * stale one (404, same text), so intent ids reveal nothing (docs/matchmaking.md).
 */
async function requireSubject(
  db: Executor,
  user: CurrentUser,
  role: TutoringRole,
  id: number,
  now: string,
): Promise<IntentRow> {
  const subject = await repo.findIntentById(db, id);
  if (!subject || subject.user_id !== user.id || subject.role !== role || !isLive(subject, now))
    throw new NotFound(t.intentNotFound);
  return subject;
}

/** A candidate the subject may still take: live, of the other role and course, someone else's. */
async function requireCandidate(
  db: Executor,
  subject: IntentRow,
  id: number,
  now: string,
): Promise<IntentRow> {
  const candidate = await repo.findIntentById(db, id);
  const fits =
    candidate !== undefined &&
    candidate.user_id !== subject.user_id &&
    candidate.role === otherRole(subject.role) &&
    candidate.course_code === subject.course_code &&
    candidate.is_open === 1 &&
    isLive(candidate, now);
  if (!fits) throw new NotFound(t.candidateNotFound);
  return candidate;
}

/** Not decided yet by the subject, not matched either way, and the tutor has room. */
async function ensureOpenPair(db: Executor, subject: IntentRow, candidate: IntentRow) {
  const decisions = await repo.findDecisions(db, subject.id, candidate.id);
  const taken = decisions.some((d) => d.subject_intent_id === subject.id || d.decision === 'accepted');
  const tutor = tutorOf(subject, candidate);
  if (taken || (await repo.countAccepted(db, tutor.id)) >= tutor.capacity)
    throw new NotFound(t.candidateNotFound);
}

/**
 * `POST /api/intent/{role}/accept`: opens (or reuses) the DM room with the candidate, records
 * the match and tells the candidate, in one unit; the notification goes out after commit.
 */
export async function acceptMatch(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
  body: MatchDecisionBody,
): Promise<AcceptMatchResponse> {
  const now = nowIso();
  const subject = await requireSubject(ctx.db, user, role, body.subject_intent_id, now);
  const candidate = await requireCandidate(ctx.db, subject, body.candidate_intent_id, now);
  // A block made since the list was shown: no match, no DM room (docs/blocks.md).
  if ((await listBlockRelations(ctx.db, user.id)).has(candidate.user_id))
    throw new NotFound(t.candidateNotFound);
  await ensureOpenPair(ctx.db, subject, candidate);
  const at = nowIso();
  const tutor = tutorOf(subject, candidate);
  const tutoree = tutor === subject ? candidate : subject;
  const note = t.matchNote(subject.course_code.toUpperCase(), tutor.username, tutoree.username);
  const { room, notifications, noteEvents } = await ctx.writer.run(async (trx) => {
    // The tutor's intent is locked: accepts for the same tutor (the same pair, or its last place)
    // take turns, and each checks again what the one before it committed.
    await repo.lockIntent(trx, tutorOf(subject, candidate).id);
    await ensureOpenPair(trx, subject, candidate);
    // In the same unit: an accept that fails leaves no room behind.
    const room = await findOrCreateDm(trx, user, { id: candidate.user_id, username: candidate.username }, at);
    await repo.insertDecision(trx, {
      subject_intent_id: subject.id,
      candidate_intent_id: candidate.id,
      decision: 'accepted',
      room_id: room,
      created_at: at,
    });
    // The DM says what the match is for, in the product's own voice (docs/matchmaking.md).
    const dm = await findRoomById(trx, room);
    const posted =
      dm &&
      (await postMessage(trx, {
        room: dm,
        author: await findSystemAuthor(trx),
        kind: 'system',
        content: note,
        at,
      }));
    const name = dmPath(user.username, candidate.username);
    const text = `Tutoring match for ${subject.course_code.toUpperCase()}`;
    return {
      room,
      noteEvents: posted?.events,
      notifications: await notifyRoomEvent(
        trx,
        { kind: 'match', room: { id: room, name }, actor: user, text, at },
        [candidate.user_id],
      ),
    };
  });
  await publishNotifications(ctx, notifications);
  if (noteEvents) await publishMessageEvents(ctx, noteEvents);
  ctx.log.info(
    { userId: user.id, subjectIntentId: subject.id, candidateIntentId: candidate.id, roomId: room },
    'tutoring match accepted',
  );
  return { room };
}

/** `POST /api/intent/{role}/decline`: the candidate leaves the subject's recommendations (idempotent). */
export async function declineMatch(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
  body: MatchDecisionBody,
): Promise<OkResponse> {
  const now = nowIso();
  const subject = await requireSubject(ctx.db, user, role, body.subject_intent_id, now);
  const candidate = await repo.findIntentById(ctx.db, body.candidate_intent_id);
  if (!candidate || candidate.role !== otherRole(role) || candidate.user_id === user.id)
    throw new NotFound(t.candidateNotFound);
  // An earlier decision on the pair (even an accept) stays as it is.
  await ctx.writer.run((trx) =>
    repo.insertDecision(trx, {
      subject_intent_id: subject.id,
      candidate_intent_id: candidate.id,
      decision: 'declined',
      room_id: null,
      created_at: now,
    }),
  );
  return { ok: true };
}

/** `DELETE /api/intent/{role}/delete`: archives the user's intent; anyone else's is "not found". */
export async function deleteIntent(
  ctx: AppContext,
  user: CurrentUser,
  role: TutoringRole,
  body: DeleteIntentBody,
): Promise<OkResponse> {
  const intent = await repo.findIntentById(ctx.db, body.intent_id);
  if (!intent || intent.user_id !== user.id || intent.role !== role) throw new NotFound(t.intentNotFound);
  const at = nowIso();
  if (intent.status !== 'archived')
    await ctx.writer.run((trx) => repo.updateIntent(trx, intent.id, { status: 'archived', updated_at: at }));
  ctx.log.info({ userId: user.id, intentId: intent.id }, 'intent archived');
  return { ok: true };
}
