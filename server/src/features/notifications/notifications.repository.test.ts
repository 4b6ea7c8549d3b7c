import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, seedRoomHistory } from '../../../test/migrated-database';
import { DIALECTS } from '../../../test/test-app';
import { idIn } from '../../db/dialect';
import { listBlockersAmong } from '../blocks/blocks.repository';
import { countUnreadByRoom, insertNotifications } from './notifications.repository';

const AT = '2026-01-01T00:00:00.000Z';
const USERS = Array.from({ length: 1200 }, (_, i) => `u${i + 1}`);

/**
 * The reads and writes of a message to a big room: a recipient per member, each counted. On
 * PostgreSQL their statements carry the ids as arrays, so their text does not grow with the room.
 */
describe.each(DIALECTS)('notifications of a big room on %s', (dialect) => {
  let handle: Awaited<ReturnType<typeof openMigratedDatabase>>;
  beforeAll(async () => {
    handle = await openMigratedDatabase(dialect);
    await seedRoomHistory(handle.db, USERS, 3, 1, AT);
  });
  afterAll(async () => handle?.close());

  const recipients = USERS.slice(1).map((_, i) => i + 2);
  const row = (userId: number, messageId: number | null) => ({
    user_id: userId,
    kind: 'room_message' as const,
    room_id: 1,
    message_id: messageId,
    actor_id: 1,
    text: `m${messageId}`,
    created_at: AT,
    read_at: null,
  });

  it('stores one notification per recipient and message, skipping pairs already notified', async () => {
    const first = await insertNotifications(
      handle.typed,
      recipients.map((id) => row(id, 1)),
    );
    expect(first.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(recipients);
    const again = await insertNotifications(handle.typed, [row(2, 1), row(3, 2), row(3, null)]);
    expect(again.map((r) => r.user_id).sort()).toEqual([3, 3]);
    const stored = await handle.db
      .selectFrom('notifications')
      .select(['message_id', 'text'])
      .where('user_id', '=', 3)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { message_id: 1, text: 'm1' },
      { message_id: 2, text: 'm2' },
      { message_id: null, text: 'mnull' },
    ]);
  });

  it('counts the unread of a thousand recipients in one statement, and of nobody as nothing', async () => {
    const counts = await countUnreadByRoom(handle.typed, recipients);
    expect(counts).toHaveLength(recipients.length);
    expect(counts.find((c) => c.user_id === 3)).toMatchObject({ room_id: 1 });
    expect(Number(counts.find((c) => c.user_id === 3)?.n)).toBe(3);
    expect(await countUnreadByRoom(handle.typed, [])).toEqual([]);
  });

  it('finds the blockers of an author among the recipients', async () => {
    await handle.db
      .insertInto('user_blocks')
      .values([
        { user_id: 5, target_id: 1, kind: 'block', created_at: AT },
        { user_id: 6, target_id: 1, kind: 'mute', created_at: AT },
        { user_id: 7, target_id: 2, kind: 'block', created_at: AT },
      ])
      .execute();
    expect((await listBlockersAmong(handle.typed, 1, recipients)).sort()).toEqual([5]);
    expect(await listBlockersAmong(handle.typed, 1, [])).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    'binds the ids as one array: the same statement for 2 ids as for 1,199',
    () => {
      const compiled = (ids: number[]) =>
        handle.typed
          .selectFrom('notifications')
          .select('id')
          .where(idIn(handle.typed, 'user_id', ids))
          .compile();
      expect(compiled([2, 3]).sql).toBe(compiled(recipients).sql);
      expect(compiled(recipients).parameters).toHaveLength(1);
    },
  );
});
