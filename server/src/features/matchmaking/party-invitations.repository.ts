import type { Executor } from '../../db/schema';

type MemberStatus = 'pending' | 'confirmed' | 'declined';

/** Every registered member of the parties with its standing and username, in the order entered. */
export function listTeammates(db: Executor, partyIds: number[]) {
  if (partyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('party_members')
    .innerJoin('users', 'users.id', 'party_members.user_id')
    .select([
      'party_members.party_id',
      'party_members.user_id',
      'party_members.status',
      'party_members.invited_at',
      'users.username',
    ])
    .where('party_members.party_id', 'in', partyIds)
    .orderBy('party_members.party_id')
    .orderBy('party_members.position')
    .execute();
}

/** Lower-cased usernames of the parties' registered members who have not confirmed, by party. */
export async function listUnconfirmedUsernames(
  db: Executor,
  partyIds: number[],
): Promise<Map<number, Set<string>>> {
  const byParty = new Map<number, Set<string>>(partyIds.map((id) => [id, new Set()]));
  for (const row of await listTeammates(db, partyIds))
    if (row.status !== 'confirmed') byParty.get(row.party_id)?.add(row.username.toLowerCase());
  return byParty;
}

/** The invitation of one user to one party: their member row with the party and its owner. */
export function findInvitation(db: Executor, partyId: number, userId: number) {
  return selectInvitations(db)
    .where('party_members.party_id', '=', partyId)
    .where('party_members.user_id', '=', userId)
    .executeTakeFirst();
}
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** The user's invitations awaiting an answer, to parties still looking for people, newest first. */
export function listPendingInvitations(db: Executor, userId: number) {
  return selectInvitations(db)
    .where('party_members.user_id', '=', userId)
    .where('party_members.status', '=', 'pending')
    .where('parties.status', 'in', ['open', 'paused'])
    .orderBy('party_members.invited_at', 'desc')
    .orderBy('parties.id', 'desc')
    .execute();
}

function selectInvitations(db: Executor) {
  return db
    .selectFrom('party_members')
    .innerJoin('parties', 'parties.id', 'party_members.party_id')
    .innerJoin('users as owner', 'owner.id', 'parties.user_id')
    .select([
      'party_members.party_id',
      'party_members.user_id',
      'party_members.status',
      'party_members.invited_at',
      'parties.user_id as owner_id',
      'parties.status as party_status',
      'parties.topic_key',
      'owner.username as owner_username',
    ]);
}

export async function updateMemberStatus(
  db: Executor,
  partyId: number,
  userId: number,
  status: MemberStatus,
) {
  await db
    .updateTable('party_members')
    .set({ status })
    .where('party_id', '=', partyId)
    .where('user_id', '=', userId)
    .execute();
}

/** Remembers that the user declined this owner's party: the owner cannot list them again. */
export async function insertDecline(db: Executor, ownerId: number, userId: number, at: string) {
  await db
    .insertInto('party_declines')
    .values({ owner_id: ownerId, user_id: userId, declined_at: at })
    .onConflict((oc) => oc.columns(['owner_id', 'user_id']).doNothing())
    .execute();
}

/** Which of these users declined one of the owner's parties. */
export async function listDeclinersOf(
  db: Executor,
  ownerId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('party_declines')
    .select('user_id')
    .where('owner_id', '=', ownerId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
