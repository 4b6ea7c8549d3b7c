import type { Kysely } from 'kysely';

/**
 * A ban's reason in the moderator's words, shown to the banned user when they open the room
 * (docs/moderation.md); '' for the bans made before, and when none is given. Frozen: add a new
 * file instead.
 */
export function banReasons() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('room_bans')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
