import { UNREAD_LIMITS, type ReadStateFrame } from '@studium/protocol';
import type { AppContext } from '../../context';
import { KeyedThrottle } from '../../lib/throttle';
import type { Hub } from '../../realtime/hub';
import { publishReadStateHint } from '../../realtime/publish';
import { presentReadState } from '../read-states/read-states.presenter';
import { listMemberIds, listMembersReadStates } from '../read-states/read-states.service';

// Presence is looked up, and hints published, this many members at a time.
const CHUNK = 500;

/**
 * Keeps the members' unread counts live (docs/unread.md), in two coalescing steps, each at most
 * once per room a second:
 *
 * - where messages are published: per room, the members connected anywhere (the presence store)
 *   get a hint on their user topic; the authors' own counts do not change, so a lone author gets
 *   none. One member query and one presence read per busy room a second, whatever the rate.
 * - where a member's notification sockets are: per member and room, the read state is read
 *   again and sent as one `read_state` frame. A moved marker (any tab, any process) hints the same
 *   way, so every frame carries the counts as they are when it leaves. The members due in one
 *   turn of the event loop are read together, one query per room: a message to a room of a
 *   thousand connected members is one read, not a thousand.
 */
/** Who of some users has a socket open on any server (the presence store answers it). */
export interface ConnectedUsers {
  listConnected(userIds: number[]): Promise<Iterable<number>>;
}

export function startLiveReadStates(ctx: AppContext, hub: Hub, store: ConnectedUsers) {
  const interval = UNREAD_LIMITS.liveIntervalMs;
  const rooms = new KeyedThrottle<number, number | null>(
    interval,
    async (roomId, authors) => {
      const members = await listMemberIds(ctx.db, roomId);
      const [author] = authors;
      const concerned = authors.size === 1 ? members.filter((id) => id !== author) : members;
      for (let i = 0; i < concerned.length; i += CHUNK) {
        const online = await store.listConnected(concerned.slice(i, i + CHUNK));
        await Promise.all([...online].map((userId) => publishReadStateHint(ctx, userId, roomId)));
      }
    },
    (err, roomId) => ctx.log.warn({ err, roomId }, 'read state hints failed'),
  );
  // The members due in this turn, per room, with what ends each one's run; read after the turn.
  let due = new Map<number, Map<number, () => void>>();
  let stopped = false;
  const readDue = async () => {
    const rooms = due;
    due = new Map();
    await Promise.all(
      [...rooms].map(async ([roomId, users]) => {
        try {
          // Stopped meanwhile: the database may be closing.
          if (stopped) return;
          // A member no longer in the room has no row: nothing to count.
          for (const row of await listMembersReadStates(ctx.db, roomId, [...users.keys()])) {
            const frame: ReadStateFrame = {
              type: 'read_state',
              room: roomId,
              read_state: { ...presentReadState(row), last_read_id: row.last_read_id ?? 0 },
              message_count: Number(row.message_count),
              last_message_at: row.last_message_at,
            };
            hub.sendToUser(row.user_id, frame);
          }
        } catch (err) {
          ctx.log.warn({ err, roomId, members: users.size }, 'read state read failed');
        } finally {
          for (const done of users.values()) done();
        }
      }),
    );
  };
  const members = new KeyedThrottle<string, true>(
    interval,
    (key) =>
      new Promise<void>((done) => {
        const [userId, roomId] = key.split(':').map(Number) as [number, number];
        if (due.size === 0) setImmediate(() => void readDue());
        const users = due.get(roomId) ?? new Map<number, () => void>();
        due.set(roomId, users.set(userId, done));
      }),
    (err, key) => ctx.log.warn({ err, key }, 'read state read failed'),
  );
  hub.onReadStateHint((userId, roomId) => members.push(`${userId}:${roomId}`, true));
  const unsubscribe = ctx.events.on('roomMessage', ({ roomId, authorId }) => rooms.push(roomId, authorId));
  return async () => {
    stopped = true;
    unsubscribe();
    hub.onReadStateHint(() => {});
    rooms.close();
    members.close();
  };
}
