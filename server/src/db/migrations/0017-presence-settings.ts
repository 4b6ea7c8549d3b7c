import type { Kysely } from 'kysely';

/**
 * Whether others see the user online and typing (docs/presence.md); on unless the user turns it
 * off. Frozen: add a new file instead.
 */
export function presenceSettings() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('show_presence', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
