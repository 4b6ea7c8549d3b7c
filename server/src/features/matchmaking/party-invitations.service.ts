import {
  BLOCKS_TEXTS,
  INVITATION_TEXTS,
  type PartyInvitation,
  type PartyInvitationResponse,
  type PartyInvitationsResponse,
  type PartyTeammate,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { oncePerUnit } from '../../db/writer';
import { enforceRate } from '../../lib/rate-limiter';
import { notifyRoomEvent, type PendingNotification } from '../notifications/notifications.service';
import * as invitations from './party-invitations.repository';
import type { InvitationRow } from './party-invitations.repository';
import { canAcceptInvitation, canDeclineInvitation } from './party.policy';
import { countedMembers, parseMembers } from './party.presenter';
import * as repo from './party.repository';
import type { MemberPlace } from './party.repository';
import { meanStudyLevel } from './party.scoring';

const t = INVITATION_TEXTS;

/** A listed registered member: its place in the payload (for field errors) and its account. */
export interface ListedMember {
  index: number;
  id: number;
  username: string;
}

/** Where each listed member stands after a save; `isNew` ones are invited by it. */
export type Placed = MemberPlace & { username: string; isNew: boolean };

/**
 * The standing of a party's listed registered members (the owner first) when its owner saves it:
 * those already listed keep theirs, the others are new invitations. Someone who declined one of
 * this owner's parties cannot be listed again (the neutral refusal of docs/blocks.md), and a save
 * that invites anyone takes one of the owner's conversation tokens, so re-listing people to
 * notify them again is rate limited.
 */
export async function placeTeammates(
  ctx: AppContext,
  trx: Executor,
  owner: CurrentUser,
  partyId: number | null,
  listed: ListedMember[],
  at: string,
): Promise<Placed[]> {
  const before = new Map(
    (partyId === null ? [] : await invitations.listTeammates(trx, [partyId])).map((r) => [r.user_id, r]),
  );
  const fresh = listed.filter((m) => m.id !== owner.id && !before.has(m.id));
  const decliners = await invitations.listDeclinersOf(
    trx,
    owner.id,
    fresh.map((m) => m.id),
  );
  const refused = fresh.filter((m) => decliners.has(m.id));
  if (refused.length > 0) {
    const fields = Object.fromEntries(
      refused.map((m) => [`members.${m.index}.username`, BLOCKS_TEXTS.cannotAdd([m.username])]),
    );
    throw new Invalid(BLOCKS_TEXTS.cannotAdd(refused.map((m) => m.username)), fields);
  }
  if (fresh.length > 0)
    await oncePerUnit(trx, 'conversation token', () =>
      enforceRate(
        ctx.limiter,
        `conversation:user:${owner.id}`,
        ctx.config.rateLimits.conversation,
        t.tooManyInvitations,
      ),
    );
  return listed.map((m): Placed => {
    if (m.id === owner.id)
      return { userId: m.id, username: m.username, status: 'confirmed', invitedAt: null, isNew: false };
    const kept = before.get(m.id);
    return kept
      ? { userId: m.id, username: m.username, status: kept.status, invitedAt: kept.invited_at, isNew: false }
      : { userId: m.id, username: m.username, status: 'pending', invitedAt: at, isNew: true };
  });
}

/** Tells each newly listed teammate who listed them, in the saving unit; published after commit. */
export function notifyInvited(
  trx: Executor,
  owner: CurrentUser,
  placed: Placed[],
  topicKey: string,
  at: string,
): Promise<PendingNotification[]> {
  const invited = placed.filter((p) => p.isNew).map((p) => p.userId);
  if (invited.length === 0) return Promise.resolve([]);
  return notifyRoomEvent(
    trx,
    { kind: 'match', room: null, actor: owner, text: t.invited(owner.username, topicKey), at },
    invited,
  );
}

/** The owner's view of the listed registered teammates (the owner left out). */
export async function listPartyTeammates(
  db: Executor,
  party: { id: number; user_id: number },
): Promise<PartyTeammate[]> {
  const rows = await invitations.listTeammates(db, [party.id]);
  return rows
    .filter((r) => r.user_id !== party.user_id)
    .map((r) => ({ username: r.username, status: r.status }));
}

function presentInvitation(row: InvitationRow): PartyInvitation {
  return {
    party_id: row.party_id,
    owner_username: row.owner_username,
    topic_key: row.topic_key,
    status: row.status,
    invited_at: row.invited_at,
    can_accept: canAcceptInvitation(row),
    can_decline: canDeclineInvitation(row),
  };
}

/** `GET /api/party/invitations`: the caller's invitations awaiting an answer. */
export async function listInvitations(ctx: AppContext, user: CurrentUser): Promise<PartyInvitationsResponse> {
  const rows = await invitations.listPendingInvitations(ctx.db, user.id);
  return { invitations: rows.map(presentInvitation) };
}

/** The caller's invitation to that party; the owner's own row and anyone else's are "not found". */
async function requireInvitation(db: Executor, user: CurrentUser, partyId: number): Promise<InvitationRow> {
  const row = await invitations.findInvitation(db, partyId, user.id);
  if (!row || row.owner_id === user.id || row.party_status === 'archived')
    throw new NotFound(t.invitationNotFound);
  return row;
}

/**
 * `POST /api/party/{id}/invitation/accept|decline`: the invitee confirms (counts in the party from
 * now on) or declines (the owner cannot list them again; a confirmed teammate leaves this way
 * too). Answering the same way twice changes nothing. The party's counted size and study level
 * follow, under its lock, so a match being made at the same moment sees one state or the other.
 */
export async function answerInvitation(
  ctx: AppContext,
  user: CurrentUser,
  partyId: number,
  answer: 'accept' | 'decline',
): Promise<PartyInvitationResponse> {
  const row = await ctx.writer.run(async (trx) => {
    const at = nowIso();
    await requireInvitation(trx, user, partyId);
    await repo.lockParties(trx, [partyId]);
    const current = await requireInvitation(trx, user, partyId);
    const wanted: InvitationRow['status'] = answer === 'accept' ? 'confirmed' : 'declined';
    if (current.status === wanted) return current;
    const allowed = answer === 'accept' ? canAcceptInvitation(current) : canDeclineInvitation(current);
    if (!allowed) throw new NotFound(t.invitationNotFound);
    await invitations.updateMemberStatus(trx, partyId, user.id, wanted);
    if (wanted === 'declined') await invitations.insertDecline(trx, current.owner_id, user.id, at);
    await recountParty(trx, partyId, at);
    return { ...current, status: wanted };
  });
  ctx.log.info({ userId: user.id, partyId, answer }, 'party invitation answered');
  return { invitation: presentInvitation(row) };
}

/** The party's counted size and study level, from its members as they now stand. */
async function recountParty(trx: Executor, partyId: number, at: string) {
  const party = await repo.findPartyById(trx, partyId);
  if (!party) return;
  const unconfirmed = await invitations.listUnconfirmedUsernames(trx, [partyId]);
  const counted = countedMembers(parseMembers(party), unconfirmed.get(partyId));
  await repo.updateParty(trx, partyId, {
    existing_member_count: counted.length,
    study_level: meanStudyLevel(counted.map((m) => m.prefs.study_level)),
    updated_at: at,
  });
}
