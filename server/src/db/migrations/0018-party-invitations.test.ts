import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS } from '../../../test/test-app';
import { openDatabase, type Db } from '../database';
import { migrations } from './index';

describe.each(DIALECTS)('migration 0018 (party invitations) on %s', (dialect) => {
  let cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it('turns the listed teammates of parties still looking into pending invitations, counted out', async () => {
    const target = await createTestDatabase(dialect);
    const database: Db = openDatabase({
      dataDir: target.env.DATA_DIR ?? '',
      databaseUrl: target.env.DATABASE_URL,
      databaseSchema: target.env.DATABASE_SCHEMA,
    });
    cleanup.push(target.drop, database.close);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against Kysely<any>
    const db = database.db as unknown as Kysely<any>;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(dialect) },
      ...(target.env.DATABASE_SCHEMA ? { migrationTableSchema: target.env.DATABASE_SCHEMA } : {}),
    });
    expect((await migrator.migrateTo('0017-presence-settings')).error).toBeUndefined();

    const at = new Date().toISOString();
    const user = async (name: string): Promise<number> =>
      (
        await db
          .insertInto('users')
          .values({ username: name, username_lower: name, password_hash: '!', created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [owner, mate, other] = [await user('owner'), await user('mate'), await user('other')];
    const party = async (status: string, size: number): Promise<number> =>
      (
        await db
          .insertInto('parties')
          .values({
            user_id: owner,
            topic_key: 'cs-101',
            target_size: 6,
            existing_member_count: size,
            status,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    // Owner, two registered teammates and one without an account: 4 listed.
    const [open, matched] = [await party('open', 4), await party('matched', 4)];
    for (const id of [open, matched])
      await db
        .insertInto('party_members')
        .values([owner, mate, other].map((userId, position) => ({ party_id: id, user_id: userId, position })))
        .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const members = await db
      .selectFrom('party_members')
      .select(['party_id', 'user_id', 'status'])
      .orderBy('party_id')
      .orderBy('position')
      .execute();
    expect(members).toEqual([
      { party_id: open, user_id: owner, status: 'confirmed' },
      { party_id: open, user_id: mate, status: 'pending' },
      { party_id: open, user_id: other, status: 'pending' },
      // A party already matched keeps its record: its members are in the room.
      { party_id: matched, user_id: owner, status: 'confirmed' },
      { party_id: matched, user_id: mate, status: 'confirmed' },
      { party_id: matched, user_id: other, status: 'confirmed' },
    ]);
    const sizes = await db
      .selectFrom('parties')
      .select(['id', 'existing_member_count'])
      .orderBy('id')
      .execute();
    expect(sizes.map((p) => Number(p.existing_member_count))).toEqual([2, 4]);
  });
});
