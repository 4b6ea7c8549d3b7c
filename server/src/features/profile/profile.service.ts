import { groupBy } from '../../lib/group-by';
import {
  PROFILE_TEXTS,
  type DarkmodeResponse,
  type OwnProfile,
  type PasswordChangeBody,
  type ProfilePictureResponse,
  type ProfileUpdateBody,
  type PublicProfile,
  profilePictureUrl,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import type { Executor } from '../../db/schema';
import { fromNullableDbBool, nowIso, toDbBool, utcDay } from '../../db/dialect';
import { randomToken, sha256 } from '../../lib/crypto';
import { Forbidden, Invalid, NotFound, RateLimited } from '../../lib/errors';
import { enforceRate } from '../../lib/rate-limiter';
import {
  publishProfileHint,
  publishRoomChanged,
  publishSessionEnded,
  publishToRoom,
} from '../../realtime/publish';
import { eraseUserAttachments, removeAttachmentFiles } from '../attachments/attachments.service';
import { deleteOtherSessions } from '../auth/auth.service';
import { eraseCopiesOf, publishErasures } from '../chat/erasure.service';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords';
import { countReceivedReactions } from '../rankings/rankings.counters';
import { leaveEveryGroup } from '../rooms/rooms.service';
import { processPicture } from './picture-processing';
import { canDeleteAccount, canSeePicture } from './profile.policy';
import {
  presentOwnProfile,
  presentPublicProfile,
  profileValues,
  seenByOthers,
  type RankingFigures,
} from './profile.presenter';
import * as repo from './profile.repository';

/** The stored dark-mode preference: true, false, or null when never chosen. */
export async function getDarkmode(ctx: AppContext, user: CurrentUser): Promise<DarkmodeResponse> {
  return { darkmode_enabled: fromNullableDbBool(await repo.findDarkmode(ctx.db, user.id)) };
}

export async function setDarkmode(
  ctx: AppContext,
  user: CurrentUser,
  enabled: boolean,
): Promise<DarkmodeResponse> {
  await repo.updateDarkmode(ctx.db, user.id, toDbBool(enabled));
  return { darkmode_enabled: enabled };
}

async function getUserProfileRow(ctx: AppContext, username: string) {
  const row = await repo.findUserProfile(ctx.db, username);
  if (!row) throw new NotFound(PROFILE_TEXTS.userNotFound);
  return row;
}

/** Your own profile, every field. */
export async function getOwnProfile(ctx: AppContext, user: CurrentUser): Promise<OwnProfile> {
  return presentOwnProfile(await getUserProfileRow(ctx, user.username));
}

/** What every other user sees of the user's profile now (null for a user that is gone). */
export async function readSeenByOthers(db: Executor, username: string): Promise<string | null> {
  const row = await repo.findUserProfile(db, username);
  return row ? seenByOthers(row) : null;
}

/**
 * After a change to the user's picture: when what others see of the profile is not what it was
 * (`before`, from readSeenByOthers), the screens showing it live read it again (docs/presence.md).
 */
async function tellProfileWatchers(ctx: AppContext, user: CurrentUser, before: string | null) {
  if ((await readSeenByOthers(ctx.db, user.username)) !== before) await publishProfileHint(ctx, user.id);
}

/** Saves the fields given (the others keep their values, or the defaults of docs/profile.md). */
export async function updateOwnProfile(
  ctx: AppContext,
  user: CurrentUser,
  body: ProfileUpdateBody,
): Promise<OwnProfile> {
  if (await saveProfileFields(ctx.db, user, body, nowIso())) await publishProfileHint(ctx, user.id);
  return getOwnProfile(ctx, user);
}

/**
 * Saves the fields given on `db` (a transaction of the caller's too); the others keep their values.
 * Answers whether what others see of the profile changed: the caller then tells the screens
 * showing it live (publishProfileHint, after its transaction; docs/presence.md).
 */
export async function saveProfileFields(
  db: Executor,
  user: CurrentUser,
  body: ProfileUpdateBody,
  at: string,
): Promise<boolean> {
  const row = await repo.findUserProfile(db, user.username);
  if (!row) throw new NotFound(PROFILE_TEXTS.userNotFound);
  const next = { ...profileValues(row) };
  for (const [key, value] of Object.entries(body) as Array<
    [keyof ProfileUpdateBody, string | boolean | undefined]
  >) {
    if (value === undefined) continue;
    (next as Record<string, string | number>)[key] = typeof value === 'boolean' ? toDbBool(value) : value;
  }
  await repo.upsertProfile(db, user.id, next, at);
  return seenByOthers({ ...row, ...next }) !== seenByOthers(row);
}

/** Stores a new picture after checking and re-encoding it; the URL changes with every upload. */
export async function uploadPicture(
  ctx: AppContext,
  user: CurrentUser,
  upload: Buffer,
): Promise<ProfilePictureResponse> {
  // Decoding and re-encoding is the costliest thing a user can ask for: bounded per user.
  await enforceRate(ctx.limiter, `upload:user:${user.id}`, ctx.config.rateLimits.upload);
  const picture = await processPicture(upload);
  const version = randomToken(12);
  const before = await readSeenByOthers(ctx.db, user.username);
  await repo.upsertPicture(ctx.db, { user_id: user.id, ...picture, version, updated_at: nowIso() });
  await tellProfileWatchers(ctx, user, before);
  return { profile_picture_url: profilePictureUrl(user.username, version) };
}

export async function removePicture(ctx: AppContext, user: CurrentUser): Promise<ProfilePictureResponse> {
  const before = await readSeenByOthers(ctx.db, user.username);
  await repo.deletePicture(ctx.db, user.id);
  await tellProfileWatchers(ctx, user, before);
  return { profile_picture_url: null };
}

/** A picture for `viewer`; a private one exists only for its owner (404 for everyone else). */
export async function getPicture(ctx: AppContext, viewer: CurrentUser, username: string) {
  const picture = await repo.findPicture(ctx.db, username);
  if (!picture || !canSeePicture(viewer, picture)) throw new NotFound();
  return { content: picture.content, mime: picture.mime, etag: `"${picture.version}"` };
}

/** Someone's profile as `viewer` may see it, with reactions received and rank. */
export async function getPublicProfile(
  ctx: AppContext,
  viewer: CurrentUser,
  username: string,
): Promise<PublicProfile> {
  const row = await getUserProfileRow(ctx, username);
  return presentPublicProfile(row, viewer.id, await getRankingFigures(ctx, row.id, row.username));
}

async function getRankingFigures(ctx: AppContext, userId: number, username: string): Promise<RankingFigures> {
  const day = utcDay(nowIso());
  const { total, today } = await repo.findReactionTotals(ctx.db, userId, day);
  const lower = username.toLowerCase();
  // Unranked until a first reaction, as the rankings list only holds users with some.
  const rank = total > 0 ? 1 + (await repo.countRankedBefore(ctx.db, total, lower)) : null;
  const rankDay = today > 0 ? 1 + (await repo.countRankedBeforeOnDay(ctx.db, day, today, lower)) : null;
  return { total_reactions: total, total_reactions_day: today, rank, rank_day: rankDay };
}

/**
 * Changes the password after checking the current one (failed checks count against the same
 * limit as failed logins), ends every other session, and rotates this session's token, which
 * the caller sets as the new cookie.
 */
export async function changePassword(
  ctx: AppContext,
  user: CurrentUser,
  body: PasswordChangeBody,
): Promise<{ token: string }> {
  const failedKey = `password:failed:${user.id}`;
  const failures = await ctx.limiter.peek(failedKey, ctx.config.rateLimits.loginFailed);
  if (!failures.allowed) throw new RateLimited(failures.retryAfterSeconds);
  const stored = await repo.findPasswordHash(ctx.db, user.id);
  if (!stored || !(await verifyPassword(stored, body.old_password))) {
    await ctx.limiter.take(failedKey, ctx.config.rateLimits.loginFailed);
    throw new Invalid(PROFILE_TEXTS.wrongOldPassword, { old_password: PROFILE_TEXTS.wrongOldPassword });
  }
  if (body.new_password === body.old_password) {
    throw new Invalid(PROFILE_TEXTS.samePassword, { new_password: PROFILE_TEXTS.samePassword });
  }
  const problem = passwordProblem(body.new_password, user.username);
  if (problem) throw new Invalid(problem, { new_password: problem });

  const passwordHash = await hashPassword(body.new_password);
  const token = randomToken();
  const ended = await ctx.writer.run(async (trx) => {
    await repo.updatePasswordHash(trx, user.id, passwordHash);
    const others = (await repo.listSessionIds(trx, user.id)).filter((id) => id !== user.sessionId);
    await deleteOtherSessions(trx, user.id, user.sessionId);
    await repo.updateSessionToken(trx, user.sessionId, sha256(token));
    return others;
  });
  for (const sessionId of ended) await publishSessionEnded(ctx, user.id, sessionId);
  ctx.log.info({ userId: user.id, endedSessions: ended.length }, 'password changed');
  return { token };
}

/**
 * Erases an account in one transaction (docs/profile.md): reactions it gave (taking them off the
 * authors' ranking counters), its attachments (rows and files), its messages' text and edit history (the rows stay as tombstones
 * so replies keep their context) with every copy of that text (notification previews, bot answers
 * quoting them: `eraseCopiesOf`), then the user row, whose foreign keys remove profile, picture,
 * sessions, memberships, mentions and counters. Only the user may delete themself.
 */
export async function deleteAccount(ctx: AppContext, user: CurrentUser, username: string) {
  if (!canDeleteAccount(user, username)) throw new Forbidden(PROFILE_TEXTS.ownAccountOnly);
  const deleted = await ctx.writer.run(async (trx) => {
    for (const given of await repo.listGivenReactionCounts(trx, user.id)) {
      await countReceivedReactions(
        trx,
        { authorId: given.author_id, reactorId: user.id, givenAt: given.day },
        -Number(given.n),
        ctx.config.rankings.pairDailyLimit,
      );
    }
    await repo.deleteGivenReactions(trx, user.id);
    const files = await eraseUserAttachments(trx, user.id);
    const tombstoned = await repo.tombstoneMessages(trx, user.id);
    const copies = await eraseCopiesOf(
      trx,
      tombstoned.map((m) => m.id),
      nowIso(),
    );
    // Its groups are handed on first: no group with members is left without an owner.
    const groups = await leaveEveryGroup(trx, user.id);
    const sessionIds = await repo.listSessionIds(trx, user.id);
    await repo.deleteUser(trx, user.id);
    return { sessionIds, tombstoned, files, copies, groups };
  });
  await removeAttachmentFiles(ctx, deleted.files);
  for (const sessionId of deleted.sessionIds) await publishSessionEnded(ctx, user.id, sessionId);
  for (const [roomId, ids] of groupByRoom(deleted.tombstoned))
    await publishToRoom(ctx, roomId, { type: 'messages_tombstoned', ids });
  await publishErasures(ctx, deleted.copies);
  // The members who remain see the group's members and owner change, as when someone leaves.
  for (const { room, remaining } of deleted.groups)
    await publishRoomChanged(ctx, remaining, { room: room.id, change: 'members', name: room.name });
  ctx.log.info({ userId: user.id }, 'account deleted');
}

function groupByRoom(messages: Array<{ id: number; room_id: number }>): Map<number, number[]> {
  return groupBy(
    messages,
    (m) => m.room_id,
    (m) => m.id,
  );
}

// What other features use of this one's storage: they import it from here, never from the
// repository (scripts/feature-graph.test.mjs).
export type { ProfileTables } from './profile.repository';
