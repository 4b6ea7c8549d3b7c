import { UNREAD_LIMITS, type ReadStateFrame } from '@studium/protocol';
import type { AppContext } from '../../context';
import { KeyedThrottle } from '../../lib/throttle';
import type { Hub } from '../../realtime/hub';
import { publishReadStateHint } from '../../realtime/publish';
import { presentReadState } from '../read-states/read-states.presenter';
import { listMemberIds, listReadStates } from '../read-states/read-states.service';

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
 *   way, so every frame carries the counts as they are when it leaves.
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
  const members = new KeyedThrottle<string, true>(
    interval,
    async (key) => {
      const [userId, roomId] = key.split(':').map(Number) as [number, number];
      const [row] = await listReadStates(ctx.db, userId, [roomId]);
      // No longer a member: nothing to count.
      if (!row) return;
      const frame: ReadStateFrame = {
        type: 'read_state',
        room: roomId,
        read_state: { ...presentReadState(row), last_read_id: row.last_read_id ?? 0 },
        message_count: Number(row.message_count),
        last_message_at: row.last_message_at,
      };
      hub.sendToUser(userId, frame);
    },
    (err, key) => ctx.log.warn({ err, key }, 'read state read failed'),
  );
  hub.onReadStateHint((userId, roomId) => members.push(`${userId}:${roomId}`, true));
  const unsubscribe = ctx.events.on('roomMessage', ({ roomId, authorId }) => rooms.push(roomId, authorId));
  return async () => {
    unsubscribe();
    hub.onReadStateHint(() => {});
    rooms.close();
    members.close();
  };
}
