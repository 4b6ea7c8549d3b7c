import type { Kysely } from 'kysely';

/**
 * Sessions remember the browser that opened them (its User-Agent, cut to 400 characters), and,
 * when the operator enables it, the network the login came from, so the user's list of sessions
 * can name each device and its approximate place (docs/sessions.md). Frozen: add a new file instead.
 */
export function sessionDevices() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- frozen migrations use Kysely<any>
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('sessions')
        .addColumn('user_agent', 'varchar(400)', (c) => c.notNull().defaultTo(''))
        .execute();
      // The network the login came from (an address prefix), only when the operator enables it.
      await db.schema.alterTable('sessions').addColumn('network', 'varchar(64)').execute();
    },
  };
}
