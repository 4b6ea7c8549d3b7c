import type { OfferState } from '@studium/protocol';
import { SYSTEM_USERNAME } from './system-user';
import { forUpdate } from '../../db/dialect';
import type { Executor, NewParty, PartiesTable, PartyOffersTable } from '../../db/schema';

/** The columns a party is presented and scored with, and its owner's username. */
function selectParties(db: Executor) {
  return db
    .selectFrom('parties')
    .innerJoin('users', 'users.id', 'parties.user_id')
    .selectAll('parties')
    .select('users.username as owner_username');
}

export type PartyRow = NonNullable<Awaited<ReturnType<typeof findPartyById>>>;

export function findPartyById(db: Executor, id: number) {
  return selectParties(db).where('parties.id', '=', id).executeTakeFirst();
}

/** The user's newest party in one of `statuses`. */
export function findNewestParty(db: Executor, userId: number, statuses: Array<PartiesTable['status']>) {
  return selectParties(db)
    .where('parties.user_id', '=', userId)
    .where('parties.status', 'in', statuses)
    .orderBy('parties.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest party in one of `statuses` that names the user as a registered member, owner included. */
export function findNewestPartyWithMember(
  db: Executor,
  userId: number,
  statuses: Array<PartiesTable['status']>,
) {
  return (
    selectParties(db)
      .innerJoin('party_members', 'party_members.party_id', 'parties.id')
      .where('party_members.user_id', '=', userId)
      // A teammate is in the party once they confirmed (docs/matchmaking.md).
      .where('party_members.status', '=', 'confirmed')
      .where('parties.status', 'in', statuses)
      .orderBy('parties.id', 'desc')
      .limit(1)
      .executeTakeFirst()
  );
}

export async function insertParty(db: Executor, party: NewParty): Promise<number> {
  const row = await db.insertInto('parties').values(party).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateParty(
  db: Executor,
  ids: number | number[],
  fields: Partial<Omit<PartiesTable, 'id' | 'user_id' | 'created_at'>>,
) {
  await db
    .updateTable('parties')
    .set(fields)
    .where('id', 'in', Array.isArray(ids) ? ids : [ids])
    .execute();
}

export interface MemberPlace {
  userId: number;
  status: 'pending' | 'confirmed' | 'declined';
  invitedAt: string | null;
}

/** The party's registered members, in the order they were entered (the owner first), each with its standing. */
export async function replaceMembers(db: Executor, partyId: number, members: MemberPlace[]) {
  await db.deleteFrom('party_members').where('party_id', '=', partyId).execute();
  if (members.length === 0) return;
  await db
    .insertInto('party_members')
    .values(
      members.map((m, position) => ({
        party_id: partyId,
        user_id: m.userId,
        position,
        status: m.status,
        invited_at: m.invitedAt,
      })),
    )
    .execute();
}

/**
 * Confirmed registered members of the parties (the owner first), by party: the people a party
 * stands for in scoring, in the hard rules and in its match room. Pending or declined teammates are
 * not among them.
 */
export async function listMemberIds(db: Executor, partyIds: number[]): Promise<Map<number, number[]>> {
  const rows =
    partyIds.length === 0
      ? []
      : await db
          .selectFrom('party_members')
          .select(['party_id', 'user_id'])
          .where('party_id', 'in', partyIds)
          .where('status', '=', 'confirmed')
          .orderBy('position')
          .execute();
  const byParty = new Map<number, number[]>(partyIds.map((id) => [id, []]));
  for (const row of rows) byParty.get(row.party_id)?.push(row.user_id);
  return byParty;
}

/** What scoring reads of a party: candidate search reads only these, of many rows. */
const SCORING_COLUMNS = [
  'parties.id',
  'parties.user_id',
  'parties.topic_key',
  'parties.status',
  'parties.existing_member_count',
  'parties.target_size',
  'parties.preferred_complement_size',
  'parties.modality',
  'parties.languages',
  'parties.campus',
  'parties.availability',
  'parties.study_level',
] as const;

export type ScoringRow = Pick<
  PartyRow,
  (typeof SCORING_COLUMNS)[number] extends `parties.${infer C}` ? C : never
>;

/** Parties by id, presented in full (the few candidates that are answered). */
export function findPartiesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectParties(db).where('parties.id', 'in', ids).execute();
}

/**
 * Open parties on a topic that could join `subject` (docs/matchmaking.md): not its own, small
 * enough for its open places, with room for it in theirs. One range of parties_search_idx
 * (topic, status, size); parties sharing a registered member are the caller's to drop
 * (listPartiesOfMembers), then scoring runs on what is left.
 */
export function listCandidateParties(
  db: Executor,
  subject: {
    id: number;
    user_id: number;
    topic_key: string;
    existing_member_count: number;
    target_size: number;
  },
) {
  return db
    .selectFrom('parties')
    .select(SCORING_COLUMNS)
    .where('parties.topic_key', '=', subject.topic_key)
    .where('parties.status', '=', 'open')
    .where('parties.existing_member_count', '<=', subject.target_size - subject.existing_member_count)
    .where((eb) =>
      eb(
        eb('parties.target_size', '-', eb.ref('parties.existing_member_count')),
        '>=',
        subject.existing_member_count,
      ),
    )
    .where('parties.id', '!=', subject.id)
    .where('parties.user_id', '!=', subject.user_id)
    .execute();
}

/** The parties any of these users is a confirmed member of (party_members_user_idx). */
export async function listPartiesOfMembers(db: Executor, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('party_members')
    .select('party_id')
    .where('user_id', 'in', userIds)
    .where('status', '=', 'confirmed')
    .execute();
  return new Set(rows.map((r) => r.party_id));
}

/** Locks both parties' rows for the rest of the unit, lower id first so two units never wait on each other crosswise. */
export async function lockParties(db: Executor, ids: number[]) {
  for (const id of [...ids].sort((a, b) => a - b))
    await forUpdate(db, db.selectFrom('parties').select('id').where('id', '=', id)).execute();
}

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** The offer between two parties (stored once, the lower id as A). */
export function findOffer(db: Executor, a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  return db
    .selectFrom('party_offers')
    .selectAll()
    .where('party_a_id', '=', low)
    .where('party_b_id', '=', high)
    .executeTakeFirst();
}

/**
 * The offer between two parties, made PENDING if there was none, and locked for the rest of the
 * unit: two accepts of the same pair at once take turns here, and the second sees the first's state.
 */
export async function takeOffer(
  db: Executor,
  a: number,
  b: number,
  score: number,
  at: string,
): Promise<OfferRow> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await db
    .insertInto('party_offers')
    .values({
      party_a_id: low,
      party_b_id: high,
      state: 'PENDING',
      a_accepted_at: null,
      b_accepted_at: null,
      declined_by: null,
      room_id: null,
      score,
      created_at: at,
      updated_at: at,
      matched_at: null,
    })
    .onConflict((oc) => oc.columns(['party_a_id', 'party_b_id']).doNothing())
    .execute();
  return forUpdate(
    db,
    db.selectFrom('party_offers').selectAll().where('party_a_id', '=', low).where('party_b_id', '=', high),
  ).executeTakeFirstOrThrow();
}

export async function updateOffer(
  db: Executor,
  id: number,
  fields: Partial<Omit<PartyOffersTable, 'id' | 'party_a_id' | 'party_b_id' | 'created_at'>>,
) {
  await db.updateTable('party_offers').set(fields).where('id', '=', id).execute();
}

/** Every offer the party takes part in, on either side. */
export function listOffers(db: Executor, partyId: number) {
  return db
    .selectFrom('party_offers')
    .selectAll()
    .where((eb) => eb.or([eb('party_a_id', '=', partyId), eb('party_b_id', '=', partyId)]))
    .execute();
}

/** Offers whose terms a changed party no longer stands behind: all but matched and declined ones. */
export async function deleteUndecidedOffers(db: Executor, partyId: number) {
  await db
    .deleteFrom('party_offers')
    .where((eb) => eb.or([eb('party_a_id', '=', partyId), eb('party_b_id', '=', partyId)]))
    .where('state', 'not in', ['MATCHED', 'DECLINED'] satisfies OfferState[])
    .execute();
}

/** The party's matched offers with their rooms, newest first. */
export function listMatches(db: Executor, partyId: number) {
  return db
    .selectFrom('party_offers as o')
    .innerJoin('rooms', 'rooms.id', 'o.room_id')
    .select([
      'o.id',
      'o.party_a_id',
      'o.party_b_id',
      'o.matched_at',
      'rooms.id as room_id',
      'rooms.name as room_name',
    ])
    .where((eb) => eb.or([eb('o.party_a_id', '=', partyId), eb('o.party_b_id', '=', partyId)]))
    .where('o.state', '=', 'MATCHED')
    .orderBy('o.matched_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}

/** Usernames of the rooms' members, by room. */
export async function listRoomUsernames(db: Executor, roomIds: number[]): Promise<Map<number, string[]>> {
  const rows =
    roomIds.length === 0
      ? []
      : await db
          .selectFrom('room_members')
          .innerJoin('users', 'users.id', 'room_members.user_id')
          .select(['room_members.room_id', 'users.username'])
          .where('room_members.room_id', 'in', roomIds)
          .orderBy('users.username_lower')
          .execute();
  const byRoom = new Map<number, string[]>(roomIds.map((id) => [id, []]));
  for (const row of rows) byRoom.get(row.room_id)?.push(row.username);
  return byRoom;
}

/** The product's own account, which writes a matched group's first message. */
export async function findSystemUserId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', SYSTEM_USERNAME)
    .where('is_bot', '=', 1)
    .executeTakeFirstOrThrow();
  return row.id;
}
