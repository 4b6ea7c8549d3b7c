import { sql, type Kysely } from 'kysely';

/**
 * Teammates confirm before they count (docs/matchmaking.md): each registered member of a party is
 * `pending`, `confirmed` or `declined`, since when it was listed; and who declined which owner, so
 * an owner cannot list them again. Parties still looking for people count only their confirmed
 * members from now on: their other registered teammates become pending invitations.
 * Frozen: add a new file instead.
 */
export function partyInvitations() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('party_members')
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('confirmed'))
        .execute();
      await db.schema.alterTable('party_members').addColumn('invited_at', 'varchar(32)').execute();
      // The owner is the first member (position 0) and never an invitee.
      await sql`
        update party_members set status = 'pending'
        where position > 0
          and party_id in (select id from parties where status in ('open', 'paused'))
      `.execute(db);
      await sql`
        update parties set existing_member_count = existing_member_count - (
          select count(*) from party_members
          where party_members.party_id = parties.id and party_members.status = 'pending'
        )
        where status in ('open', 'paused')
      `.execute(db);
      // Invitations a user has to answer: pending rows by user.
      await db.schema
        .createIndex('party_members_invitee_idx')
        .on('party_members')
        .columns(['user_id', 'status'])
        .execute();

      await db.schema
        .createTable('party_declines')
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('declined_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('party_declines_pk', ['owner_id', 'user_id'])
        .execute();
    },
  };
}
