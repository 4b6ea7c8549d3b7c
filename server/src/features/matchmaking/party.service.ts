import {
  BLOCKS_TEXTS,
  INVITATION_TEXTS,
  MATCHMAKING_TEXTS,
  PARTY_LIMITS,
  PARTY_TEXTS,
  topicLabel,
  type AcceptPartyBody,
  type AcceptPartyResponse,
  type ActivePartyResponse,
  type DeclinePartyBody,
  type DeclinePartyResponse,
  type DeletePartyResponse,
  type Party,
  type PartyCandidatesResponse,
  type PartyPayload,
  type SaveGroupIntentBody,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import { lockUser } from '../../db/locks';
import type { Executor } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { oncePerUnit } from '../../db/writer';
import { enforceRate } from '../../lib/rate-limiter';
import { SYSTEM_USERNAME } from './system-user';
import { publishRoomChanged } from '../../realtime/publish';
import { postMessage, publishMessageEvents, type MessageEvents } from '../chat/post-message';
import { findRoomById } from '../rooms/rooms.service';
import { findUsersByUsernames } from '../dms/dms.service';
import { listBlockersOf, listBlockRelations } from '../blocks/blocks.service';
import { insertGroupRoom } from '../dms/dms.service';
import {
  notifyRoomEvent,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import { listUnconfirmedUsernames } from './party-invitations.repository';
import {
  listPartyTeammates,
  notifyInvited,
  placeTeammates,
  type ListedMember,
} from './party-invitations.service';
import {
  acceptedState,
  countedMembers,
  formatMatchWelcome,
  matchRoomName,
  parseMembers,
  presentCandidate,
  presentMatch,
  presentParty,
  sideOf,
  toScored,
} from './party.presenter';
import { publishOfferChanged, type OfferSides } from './party.live';
import * as repo from './party.repository';
import type { OfferRow, PartyRow } from './party.repository';
import { isCandidatePair, meanStudyLevel, rankCandidates, scoreParties } from './party.scoring';

const t = PARTY_TEXTS;

/** The rooms a party was matched into, newest first, with who is in each. */
async function listPartyMatches(db: Executor, party: PartyRow) {
  const rows = await repo.listMatches(db, party.id);
  const usernames = await repo.listRoomUsernames(
    db,
    rows.map((m) => m.room_id),
  );
  return rows.map((m) => presentMatch(m, party.id, party.topic_key, usernames.get(m.room_id) ?? []));
}

/** A party as `user` (its owner or a registered teammate) sees it, with its matches. */
async function presentPartyTo(db: Executor, user: CurrentUser, row: PartyRow): Promise<Party> {
  const teammates = row.user_id === user.id ? await listPartyTeammates(db, row) : [];
  return presentParty(row, user, await listPartyMatches(db, row), teammates);
}

/**
 * `GET /api/party/active`: the user's own open or paused party (the one they act on), else the
 * newest party, not archived, they are in: as its owner or as a registered teammate.
 */
export async function getActiveParty(ctx: AppContext, user: CurrentUser): Promise<ActivePartyResponse> {
  const row =
    (await repo.findNewestParty(ctx.db, user.id, ['open', 'paused'])) ??
    (await repo.findNewestPartyWithMember(ctx.db, user.id, ['open', 'paused', 'matched']));
  return { current_user: user.username, party: row ? await presentPartyTo(ctx.db, user, row) : null };
}

/**
 * The registered members' accounts, in order, with the names as registered. The first member is
 * the caller; every other username must exist. Each mistake is reported on its member's field.
 */
async function resolveMembers(db: Executor, user: CurrentUser, payload: PartyPayload) {
  const owner = payload.members[0]?.username;
  if (owner?.toLowerCase() !== user.username.toLowerCase()) {
    throw new Invalid(t.ownerIsYou(user.username), { 'members.0.username': t.ownerIsYou(user.username) });
  }
  const named = payload.members.flatMap((m, i) => (m.username ? [{ index: i, username: m.username }] : []));
  const found = await findUsersByUsernames(
    db,
    named.map((m) => m.username),
  );
  const byName = new Map(found.map((f) => [f.username_lower, f]));
  const missing = named.filter((m) => !byName.has(m.username.toLowerCase()));
  if (missing.length > 0) {
    const fields = Object.fromEntries(
      missing.map((m) => [`members.${m.index}.username`, t.unknownMembers([m.username])]),
    );
    throw new Invalid(t.unknownMembers(missing.map((m) => m.username)), fields);
  }
  // Nobody who blocked the owner is put in the owner's party, and so in its group (docs/blocks.md).
  const blockers = new Set(
    await listBlockersOf(
      db,
      user.id,
      found.map((f) => f.id),
    ),
  );
  const refused = named.filter((m) => blockers.has(byName.get(m.username.toLowerCase())!.id));
  if (refused.length > 0) {
    const names = refused.map((m) => byName.get(m.username.toLowerCase())!.username);
    const fields = Object.fromEntries(
      refused.map((m, i) => [`members.${m.index}.username`, BLOCKS_TEXTS.cannotAdd([names[i]!])]),
    );
    throw new Invalid(BLOCKS_TEXTS.cannotAdd(names), fields);
  }
  const members = payload.members.map((m) => ({
    ...m,
    username: m.username ? byName.get(m.username.toLowerCase())!.username : null,
  }));
  const listed: ListedMember[] = named.map((m) => {
    const account = byName.get(m.username.toLowerCase())!;
    return { index: m.index, id: account.id, username: account.username };
  });
  return { members, listed };
}

/**
 * The stored form of a payload; the clock and status are the caller's. Size and study level are
 * the `counted` members' (docs/matchmaking.md); `members` keeps everyone the owner listed.
 */
const storedFields = (
  payload: PartyPayload,
  members: PartyPayload['members'],
  counted: PartyPayload['members'],
) => ({
  topic_key: payload.topic_key,
  target_size: payload.target_size,
  existing_member_count: counted.length,
  preferred_complement_size: payload.preferred_complement_size,
  pitch: payload.pitch,
  campus: payload.campus,
  languages: payload.languages,
  modality: payload.modality,
  availability: JSON.stringify(payload.availability),
  location_hint: payload.location_hint,
  members: JSON.stringify(members),
  study_level: meanStudyLevel(counted.map((m) => m.prefs.study_level)),
});

/** A saved party, and the invitations its save sent (published after commit). */
export interface SavedParty {
  id: number;
  invitations: PendingNotification[];
}

/**
 * Creates the user's party, or replaces the open or paused one in place (same id). Its undecided
 * offers go: they were made on the old terms. A matched party stays as it was; a new one is made.
 * Newly listed registered teammates are invited: they count once they accept.
 */
export async function upsertParty(
  ctx: AppContext,
  trx: Executor,
  user: CurrentUser,
  payload: PartyPayload,
  mode: 'create' | 'replace',
  at: string,
): Promise<SavedParty> {
  const { members, listed } = await resolveMembers(trx, user, payload);
  // Two saves at once must not both find no party and make two.
  await lockUser(trx, user.id);
  const current = await repo.findNewestParty(trx, user.id, ['open', 'paused']);
  if (current && mode === 'create') throw new Conflict(MATCHMAKING_TEXTS.alreadyOpen);
  const placed = await placeTeammates(ctx, trx, user, current?.id ?? null, listed, at);
  const unconfirmed = new Set(
    placed.filter((p) => p.status !== 'confirmed').map((p) => p.username.toLowerCase()),
  );
  const fields = storedFields(payload, members, countedMembers(members, unconfirmed));
  let id: number;
  if (current) {
    id = current.id;
    await repo.updateParty(trx, id, { ...fields, status: 'open', updated_at: at });
    await repo.deleteUndecidedOffers(trx, id);
  } else {
    id = await repo.insertParty(trx, {
      user_id: user.id,
      ...fields,
      status: 'open',
      created_at: at,
      updated_at: at,
    });
  }
  await repo.replaceMembers(trx, id, placed);
  return { id, invitations: await notifyInvited(trx, user, placed, payload.topic_key, at) };
}

async function answerWith(ctx: AppContext, user: CurrentUser, id: number): Promise<ActivePartyResponse> {
  const row = await repo.findPartyById(ctx.db, id);
  if (!row) throw new NotFound(t.partyNotFound);
  return { current_user: user.username, party: await presentPartyTo(ctx.db, user, row) };
}

/** Puts the user's open party on hold (a draft the owner resumes), in the caller's transaction. */
export async function pausePartyIn(trx: Executor, partyId: number, at: string) {
  await repo.updateParty(trx, partyId, { status: 'paused', updated_at: at });
}

/** `POST /api/party/active`: create or replace the user's party. */
export async function saveActiveParty(
  ctx: AppContext,
  user: CurrentUser,
  payload: PartyPayload,
): Promise<ActivePartyResponse> {
  const { id, invitations } = await ctx.writer.run((trx) =>
    upsertParty(ctx, trx, user, payload, 'replace', nowIso()),
  );
  await publishNotifications(ctx, invitations);
  ctx.log.info({ userId: user.id, partyId: id, invited: invitations.length }, 'party saved');
  return answerWith(ctx, user, id);
}

/** `POST /api/intent/group`: the intent form of the same, with pause and resume. */
export async function saveGroupIntent(
  ctx: AppContext,
  user: CurrentUser,
  body: SaveGroupIntentBody,
): Promise<ActivePartyResponse> {
  const at = nowIso();
  const { id, invitations } = await ctx.writer.run(async (trx): Promise<SavedParty> => {
    if ('party' in body) return upsertParty(ctx, trx, user, body.party, body.mode, at);
    await lockUser(trx, user.id);
    const current = await repo.findNewestParty(trx, user.id, ['open', 'paused']);
    if (body.mode === 'pause') {
      if (!current) throw new NotFound(t.partyNotFound);
      if (current.status === 'open')
        await repo.updateParty(trx, current.id, { status: 'paused', updated_at: at });
      return { id: current.id, invitations: [] };
    }
    if (current?.status !== 'paused') throw new Conflict(t.noPausedParty);
    await repo.updateParty(trx, current.id, { status: 'open', updated_at: at });
    return { id: current.id, invitations: [] };
  });
  await publishNotifications(ctx, invitations);
  ctx.log.info({ userId: user.id, partyId: id, mode: body.mode }, 'group intent saved');
  return answerWith(ctx, user, id);
}

/** The user's own party, not archived. Anyone else's is "not found", so ids reveal nothing. */
async function requireOwnParty(db: Executor, user: CurrentUser, id: number): Promise<PartyRow> {
  const party = await repo.findPartyById(db, id);
  if (!party || party.user_id !== user.id || party.status === 'archived') throw new NotFound(t.partyNotFound);
  return party;
}

/**
 * `GET /api/party/{id}/candidates`: open parties on the same topic that fit (hard rules), scored
 * against the user's party and ranked; the offers it accepted and waits on; its matches.
 */
export async function listPartyCandidates(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
): Promise<PartyCandidatesResponse> {
  const subject = await requireOwnParty(ctx.db, user, id);
  const [memberIds, offers, matches] = await Promise.all([
    repo.listMemberIds(ctx.db, [subject.id]),
    repo.listOffers(ctx.db, subject.id),
    listPartyMatches(ctx.db, subject),
  ]);
  const scoredSubject = toScored(subject, memberIds.get(subject.id));
  const offerWith = new Map(
    offers.map((o) => [o.party_a_id === subject.id ? o.party_b_id : o.party_a_id, o]),
  );
  const mine = (o: OfferRow) => o.state === acceptedState(sideOf(o, subject.id));
  const theirs = (o: OfferRow | undefined) =>
    o !== undefined && o.state === acceptedState(sideOf(o, subject.id) === 'A' ? 'B' : 'A');

  let candidates: PartyCandidatesResponse['candidates'] = [];
  if (subject.status === 'open') {
    const [rows, sharing, blocking] = await Promise.all([
      repo.listCandidateParties(ctx.db, subject),
      repo.listPartiesOfMembers(ctx.db, [...scoredSubject.member_ids]),
      // Parties with a member on either side of a block with the owner (docs/blocks.md).
      listBlockRelations(ctx.db, user.id).then((ids) => repo.listPartiesOfMembers(ctx.db, [...ids])),
    ]);
    // Parties sharing a registered member leave the list, and so do decided pairs: declined,
    // matched, or accepted by this party (those are pending).
    const open = rows.filter((row) => {
      if (sharing.has(row.id) || blocking.has(row.id)) return false;
      const offer = offerWith.get(row.id);
      return !offer || offer.state === 'PENDING' || theirs(offer);
    });
    const acceptedByOther = new Set(open.filter((row) => theirs(offerWith.get(row.id))).map((row) => row.id));
    // Shared members were dropped above; in scoring each candidate stands for its owner.
    const ranked = rankCandidates(
      scoredSubject,
      open.map((row) => toScored(row)),
      acceptedByOther,
      PARTY_LIMITS.candidatesMax,
    );
    // Only the parties answered are read in full.
    const full = new Map(
      (
        await repo.findPartiesByIds(
          ctx.db,
          ranked.map((c) => c.party.id),
        )
      ).map((row) => [row.id, row]),
    );
    const unconfirmed = await listUnconfirmedUsernames(ctx.db, [...full.keys()]);
    candidates = ranked.flatMap((c) => {
      const row = full.get(c.party.id);
      return row
        ? [presentCandidate(row, c, subject.id, offerWith.get(c.party.id), unconfirmed.get(row.id))]
        : [];
    });
  }

  // A matched party takes no other match: what it had accepted waits no more.
  const waiting = subject.status === 'matched' ? [] : offers.filter(mine);
  const otherId = (o: OfferRow) => (o.party_a_id === subject.id ? o.party_b_id : o.party_a_id);
  const others = new Map(
    (await repo.findPartiesByIds(ctx.db, waiting.map(otherId))).map((row) => [row.id, row]),
  );
  const othersUnconfirmed = await listUnconfirmedUsernames(ctx.db, [...others.keys()]);
  const acceptedAt = (o: OfferRow) =>
    (sideOf(o, subject.id) === 'A' ? o.a_accepted_at : o.b_accepted_at) ?? '';
  const pending_offers = waiting
    .map((offer) => ({ offer, other: others.get(otherId(offer)) }))
    // An offer to a party that was archived or matched elsewhere cannot complete.
    .filter(
      (p): p is { offer: OfferRow; other: PartyRow } =>
        p.other !== undefined && (p.other.status === 'open' || p.other.status === 'paused'),
    )
    .sort((x, y) => acceptedAt(y.offer).localeCompare(acceptedAt(x.offer)) || y.offer.id - x.offer.id)
    .map(({ offer, other }) =>
      presentCandidate(
        other,
        scoreParties(scoredSubject, toScored(other)),
        subject.id,
        offer,
        othersUnconfirmed.get(other.id),
      ),
    );

  return { candidates, pending_offers, matches };
}

/** The other party of an accept or decline: someone else's party that exists and is not archived. */
async function requireOtherParty(db: Executor, subject: PartyRow, otherId: number): Promise<PartyRow> {
  const other = await repo.findPartyById(db, otherId);
  if (!other || other.id === subject.id || other.user_id === subject.user_id || other.status === 'archived')
    throw new NotFound(t.candidateGone);
  return other;
}

interface AcceptOutcome {
  offer: OfferRow;
  state: AcceptPartyResponse['state'];
  roomId: number | null;
  notifications: PendingNotification[];
  /** Both sides, when the accept changed the offer's state. */
  changed?: OfferSides;
  /** The group made by a match: its first message and its members, told after commit. */
  matchRoom?: { welcome: MessageEvents; memberIds: number[] };
}

/**
 * `POST /api/party/{id}/accept`: records this party's acceptance of the other; when the other had
 * accepted already, the match is made: one group room for every registered member of both parties,
 * opened by a message from the product, and everyone told. All in one unit, with both parties and
 * the offer locked, so two accepts at once make one room, and a failure leaves none.
 */
export async function acceptParty(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
  body: AcceptPartyBody,
): Promise<AcceptPartyResponse> {
  const outcome = await ctx.writer.run(async (trx): Promise<AcceptOutcome> => {
    const at = nowIso();
    await requireOwnParty(trx, user, id);
    await repo.lockParties(trx, [id, body.other_party_id]);
    // Read again under the locks: what was read before may have changed meanwhile.
    const subject = await requireOwnParty(trx, user, id);
    const other = await requireOtherParty(trx, subject, body.other_party_id);
    const members = await repo.listMemberIds(trx, [subject.id, other.id]);
    const [mine, theirs] = [
      toScored(subject, members.get(subject.id)),
      toScored(other, members.get(other.id)),
    ];
    const existing = await repo.findOffer(trx, subject.id, other.id);
    if (existing?.state === 'MATCHED')
      return { offer: existing, state: 'MATCHED', roomId: null, notifications: [] };
    if (existing?.state === 'DECLINED' || !isCandidatePair(mine, theirs)) throw new NotFound(t.candidateGone);
    // A block made since the list was shown: the party is no longer a candidate (docs/blocks.md).
    const blocked = await listBlockRelations(trx, user.id);
    if ([...(members.get(other.id) ?? [])].some((m) => blocked.has(m))) throw new NotFound(t.candidateGone);
    // The client's score is an echo of what it was shown: the server's own is recomputed.
    const scored = scoreParties(mine, theirs);
    const offer = await repo.takeOffer(trx, subject.id, other.id, scored.score, at);
    const side = sideOf(offer, subject.id);
    if (offer.state === acceptedState(side))
      return { offer, state: offer.state, roomId: null, notifications: [] };
    if (offer.state === 'PENDING') {
      await repo.updateOffer(trx, offer.id, {
        state: acceptedState(side),
        [side === 'A' ? 'a_accepted_at' : 'b_accepted_at']: at,
        score: scored.score,
        updated_at: at,
      });
      const text = `${user.username}'s party wants to study ${topicLabel(subject.topic_key)} with yours`;
      const notifications = await notifyRoomEvent(trx, { kind: 'match', room: null, actor: user, text, at }, [
        other.user_id,
      ]);
      return { offer, state: acceptedState(side), roomId: null, notifications, changed: { subject, other } };
    }
    // The other party had accepted: this accept completes the match. Its room is a new group
    // conversation of this user's, within the same limit as one made by hand; when refused,
    // the unit rolls back and nothing is made.
    await oncePerUnit(trx, 'conversation token', () =>
      enforceRate(
        ctx.limiter,
        `conversation:user:${user.id}`,
        ctx.config.rateLimits.conversation,
        INVITATION_TEXTS.tooManyGroups,
      ),
    );
    const { roomId, welcome, memberIds } = await createMatchRoom(
      trx,
      subject,
      other,
      [...(members.get(other.id) ?? []), ...(members.get(subject.id) ?? [])],
      scored.pairing_preview_json.overlap_windows,
      at,
    );
    await repo.updateOffer(trx, offer.id, {
      state: 'MATCHED',
      [side === 'A' ? 'a_accepted_at' : 'b_accepted_at']: at,
      score: scored.score,
      room_id: roomId,
      matched_at: at,
      updated_at: at,
    });
    await repo.updateParty(trx, [subject.id, other.id], { status: 'matched', updated_at: at });
    const recipients = [
      ...new Set([...(members.get(subject.id) ?? []), ...(members.get(other.id) ?? [])]),
    ].filter((uid) => uid !== user.id);
    const notifications = await notifyRoomEvent(
      trx,
      {
        kind: 'match',
        room: { id: roomId, name: matchRoomName(subject.topic_key) },
        actor: user,
        text: `Study group for ${topicLabel(subject.topic_key)} is ready`,
        at,
      },
      recipients,
    );
    return {
      offer,
      state: 'MATCHED',
      roomId,
      notifications,
      changed: { subject, other },
      matchRoom: { welcome, memberIds },
    };
  });
  await publishNotifications(ctx, outcome.notifications);
  if (outcome.matchRoom) {
    const { welcome, memberIds } = outcome.matchRoom;
    // Every member's conversation list gains the group, then its first message arrives as any other.
    await publishRoomChanged(ctx, memberIds, {
      room: welcome.room.id,
      change: 'joined',
      name: welcome.room.name,
    });
    await publishMessageEvents(ctx, welcome);
  }
  if (outcome.changed) await publishOfferChanged(ctx, outcome.changed, outcome.state);
  ctx.log.info(
    {
      userId: user.id,
      partyId: id,
      otherPartyId: body.other_party_id,
      state: outcome.state,
      roomId: outcome.roomId,
    },
    'party offer accepted',
  );
  return { offer_id: outcome.offer.id, state: outcome.state, room_id: outcome.roomId };
}

/**
 * The matched group's room: the other party's owner (who offered first) owns it, this party's
 * owner is an owner too, every other registered member a member. It opens with the product's
 * message naming everyone, the topic and the weekly windows they are all free.
 */
async function createMatchRoom(
  trx: Executor,
  subject: PartyRow,
  other: PartyRow,
  memberIds: number[],
  windows: Parameters<typeof formatMatchWelcome>[2],
  at: string,
): Promise<{ roomId: number; welcome: MessageEvents; memberIds: number[] }> {
  const owners = new Set([other.user_id, subject.user_id]);
  const roomMembers = [...new Set([other.user_id, subject.user_id, ...memberIds])].map((userId) => ({
    userId,
    role: owners.has(userId) ? ('owner' as const) : ('member' as const),
  }));
  const roomId = await insertGroupRoom(
    trx,
    { name: matchRoomName(subject.topic_key), ownerId: other.user_id, members: roomMembers },
    at,
  );
  // Teammates who have not confirmed are not in the group, so it does not name them.
  const unconfirmed = await listUnconfirmedUsernames(trx, [other.id, subject.id]);
  const content = formatMatchWelcome(
    subject.topic_key,
    [
      ...countedMembers(parseMembers(other), unconfirmed.get(other.id)),
      ...countedMembers(parseMembers(subject), unconfirmed.get(subject.id)),
    ],
    windows,
  );
  const room = await findRoomById(trx, roomId);
  const posted =
    room &&
    (await postMessage(trx, { room, author: await findSystemAuthor(trx), kind: 'system', content, at }));
  if (!posted) throw new Error('match room welcome not stored');
  return { roomId, welcome: posted.events, memberIds: roomMembers.map((m) => m.userId) };
}

/** The product's own account, the author of its messages (a match's welcome, a tutoring note). */
export async function findSystemAuthor(db: Executor): Promise<CurrentUser> {
  return { id: await repo.findSystemUserId(db), username: SYSTEM_USERNAME, sessionId: 0 };
}

/**
 * `POST /api/party/{id}/decline`: withdraws this party's own acceptance (back to PENDING), or
 * declines the other party, which then leaves both parties' lists. A match cannot be declined.
 */
export async function declineParty(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
  body: DeclinePartyBody,
): Promise<DeclinePartyResponse> {
  const result = await ctx.writer.run(async (trx) => {
    const at = nowIso();
    await requireOwnParty(trx, user, id);
    await repo.lockParties(trx, [id, body.other_party_id]);
    const subject = await requireOwnParty(trx, user, id);
    const other = await requireOtherParty(trx, subject, body.other_party_id);
    const existing = await repo.findOffer(trx, subject.id, other.id);
    const offer =
      existing ??
      (await repo.takeOffer(
        trx,
        subject.id,
        other.id,
        scoreParties(toScored(subject), toScored(other)).score,
        at,
      ));
    const side = sideOf(offer, subject.id);
    if (offer.state === 'MATCHED') throw new Conflict(t.alreadyMatched);
    if (offer.state === acceptedState(side)) {
      await repo.updateOffer(trx, offer.id, {
        state: 'PENDING',
        [side === 'A' ? 'a_accepted_at' : 'b_accepted_at']: null,
        updated_at: at,
      });
      return { offer_id: offer.id, state: 'PENDING' as const, changed: { subject, other } };
    }
    if (offer.state === 'DECLINED') return { offer_id: offer.id, state: 'DECLINED' as const };
    await repo.updateOffer(trx, offer.id, { state: 'DECLINED', declined_by: subject.id, updated_at: at });
    return { offer_id: offer.id, state: 'DECLINED' as const, changed: { subject, other } };
  });
  if (result.changed) await publishOfferChanged(ctx, result.changed, result.state);
  ctx.log.info(
    { userId: user.id, partyId: id, otherPartyId: body.other_party_id, state: result.state },
    'party offer declined',
  );
  return { offer_id: result.offer_id, state: result.state };
}

/** `POST /api/party/{id}/delete`: archives the party; it leaves every list. */
export async function deleteParty(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
): Promise<DeletePartyResponse> {
  await ctx.writer.run(async (trx) => {
    await requireOwnParty(trx, user, id);
    await repo.updateParty(trx, id, { status: 'archived', updated_at: nowIso() });
  });
  const row = await repo.findPartyById(ctx.db, id);
  if (!row) throw new NotFound(t.partyNotFound);
  ctx.log.info({ userId: user.id, partyId: id }, 'party archived');
  return { party: await presentPartyTo(ctx.db, user, row) };
}
