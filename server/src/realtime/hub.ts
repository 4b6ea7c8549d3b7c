import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  WS_CLOSE,
  type MessageRights,
  type NotificationServerFrame,
  type PresenceFrame,
  type ProfileChangedFrame,
  type RoomSocketFrame,
} from '@studium/protocol';
import type { Bus } from './bus';
import type { LoadSignal } from './busy-gauge';
import { presenceTopic, roomTopic, userTopic, type RealtimeEvent } from './events';

// A socket that cannot drain this much is a slow consumer: it is closed, not buffered without end.
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One open socket (a room's, or the user's notification socket) and what the server knows about it. */
export interface LiveSocket {
  ws: WebSocket;
  /** The TCP connection under `ws`; absent for sockets that are not on one (unit tests). */
  connection?: Socket;
  userId: number;
  username: string;
  sessionId: number;
  /** The session cookie, kept to re-check the session while the socket lives. */
  token: string;
  /** When the session was last confirmed against the database (ms). */
  sessionCheckedAt: number;
  /** Null for the notification and presence sockets, which hear no room. */
  roomId: number | null;
  /**
   * A room socket's reader's rights over a new message of someone else (the owner of a tree room
   * deletes any), decided when the socket opened: what they rest on (reading the room, owning it)
   * does not change while it is open, or the socket is closed.
   */
  othersMessages?: MessageRights;
  /**
   * Set on a presence socket only: the users it watches. A presence socket does not make its own
   * user online and hears nothing but the watched users' presence.
   */
  watches?: number[];
  isAlive: boolean;
  /** Frames are handled one after another, after the socket's subscriptions are active. */
  queue: Promise<void>;
  frameWindowStart: number;
  frameCount: number;
  refusedCount: number;
}

const NO_RIGHTS: MessageRights = { can_edit: false, can_delete: false };

/**
 * A server-to-client WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked) around an
 * encoded payload. Server frames are never masked, so one frame's bytes serve every socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const size = payload.length;
  const headerSize = size < 126 ? 2 : size < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerSize + size);
  frame[0] = 0x81;
  if (size < 126) frame[1] = size;
  else if (size < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(size, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(0, 2);
    frame.writeUInt32BE(size, 6);
  }
  payload.copy(frame, headerSize);
  return frame;
}

/** A frame's encoded payload, and the whole WebSocket frame around it. */
interface Framed {
  payload: Buffer;
  frame: Buffer;
}

/**
 * The frame of a room event for each socket: the author's sockets get their `client_id` echoed,
 * and a new message carries each socket's reader's rights over it (the author's from the event,
 * others' from their socket). Serialized, UTF-8 encoded and framed once per variant, not once per
 * socket: the hub writes the framed bytes straight to each connection (docs/architecture.md, "After commit").
 */
function roomFrames(event: Extract<RealtimeEvent, { kind: 'room' }>): (live: LiveSocket) => Framed {
  const framed = new Map<string, Framed>();
  const isMessage = event.frame.type === 'message';
  return (live) => {
    const own = live.userId === event.author_id;
    const echo = own && event.client_id ? { client_id: event.client_id } : undefined;
    const rights = isMessage ? ((own ? event.author_rights : live.othersMessages) ?? NO_RIGHTS) : undefined;
    const key = `${echo ? 'echo' : ''}:${rights ? `${rights.can_edit}:${rights.can_delete}` : ''}`;
    let data = framed.get(key);
    if (!data) {
      const payload = Buffer.from(JSON.stringify({ ...event.frame, ...rights, ...echo }));
      data = { payload, frame: textFrame(payload) };
      framed.set(key, data);
    }
    return data;
  };
}

export interface HubOptions {
  /**
   * While `load` says the process is busy, a connection's frames are held up to this long (ms)
   * so that several commits' frames leave in one write; 0 writes after every tick.
   */
  coalesceMs?: number;
  load?: LoadSignal;
}

/** Local sockets by room and by user; turns bus events into frames for them. */
export class Hub {
  private readonly rooms = new Map<number, Set<LiveSocket>>();
  private readonly users = new Map<number, Set<LiveSocket>>();
  private readonly sockets = new Set<LiveSocket>();
  private readonly watchers = new Map<number, Set<LiveSocket>>();
  /** Room and notification sockets per user: a user with any is online (docs/presence.md). */
  private readonly connected = new Map<number, number>();
  private presenceChanged: (userId: number, isConnected: boolean) => void = () => {};
  private presenceHint: (userId: number, watchers: ReadonlySet<LiveSocket>) => void = () => {};
  private profileHint: (userId: number, watchers: ReadonlySet<LiveSocket>) => void = () => {};
  private readStateHint: (userId: number, roomId: number) => void = () => {};
  private readonly corked = new Set<Socket>();
  /** Frames written to sockets since start (read by the metrics). */
  framesSent = 0;
  /** Times the connections' writes were held back to gather frames while busy (read by the metrics). */
  heldFlushes = 0;

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly options: HubOptions = {},
  ) {
    bus.onEvent((_topic, event) => this.deliver(event));
  }

  get size(): number {
    return this.sockets.size;
  }

  all(): IterableIterator<LiveSocket> {
    return this.sockets.values();
  }

  countForUser(userId: number): number {
    return this.users.get(userId)?.size ?? 0;
  }

  /** The users with a room or notification socket on this process. */
  connectedUserIds(): number[] {
    return [...this.connected.keys()];
  }

  /** The users watched by this process's presence sockets, with their watchers. */
  watched(): ReadonlyMap<number, ReadonlySet<LiveSocket>> {
    return this.watchers;
  }

  /** Told when a user's first socket on this process opens and when their last one closes. */
  onPresenceChange(listener: (userId: number, isConnected: boolean) => void) {
    this.presenceChanged = listener;
  }

  /** Told when a watched user's presence may have changed, with this process's watchers of them. */
  onPresenceHint(listener: (userId: number, watchers: ReadonlySet<LiveSocket>) => void) {
    this.presenceHint = listener;
  }

  /** Told when what others see of a watched user's profile has changed, with this process's watchers of them. */
  onProfileHint(listener: (userId: number, watchers: ReadonlySet<LiveSocket>) => void) {
    this.profileHint = listener;
  }

  /** Told when a user with a notification socket on this process may have a new read state of a room. */
  onReadStateHint(listener: (userId: number, roomId: number) => void) {
    this.readStateHint = listener;
  }

  /** Whether the user has a notification socket on this process. */
  hasNotificationSocket(userId: number): boolean {
    for (const live of this.users.get(userId) ?? []) if (live.roomId === null && !live.watches) return true;
    return false;
  }

  /** Sends a frame to the user's notification sockets on this process. */
  sendToUser(userId: number, frame: NotificationServerFrame) {
    this.deliverToUser(userId, frame);
  }

  /** Registers a socket; resolves when its room and user topics reach this process. */
  add(live: LiveSocket): Promise<void> {
    this.sockets.add(live);
    if (!live.watches) this.countConnected(live.userId, 1);
    return Promise.all([
      live.roomId === null ? undefined : this.join(this.rooms, live.roomId, live, roomTopic(live.roomId)),
      this.join(this.users, live.userId, live, userTopic(live.userId)),
      ...(live.watches ?? []).map((id) => this.join(this.watchers, id, live, presenceTopic(id))),
    ]).then(() => undefined);
  }

  remove(live: LiveSocket) {
    if (!this.sockets.delete(live)) return;
    if (live.roomId !== null) this.leave(this.rooms, live.roomId, live, roomTopic(live.roomId));
    this.leave(this.users, live.userId, live, userTopic(live.userId));
    for (const id of live.watches ?? []) this.leave(this.watchers, id, live, presenceTopic(id));
    if (!live.watches) this.countConnected(live.userId, -1);
  }

  /** Only the first open and the last close of a user's sockets on this process are news. */
  private countConnected(userId: number, delta: 1 | -1) {
    const count = (this.connected.get(userId) ?? 0) + delta;
    if (count > 0) this.connected.set(userId, count);
    else this.connected.delete(userId);
    if (count === 1 && delta === 1) this.presenceChanged(userId, true);
    if (count === 0) this.presenceChanged(userId, false);
  }

  /** Closes every local socket of a session (logout); other servers do the same from the bus. */
  closeSession(sessionId: number, code: number = WS_CLOSE.notLoggedIn) {
    for (const live of this.sockets) if (live.sessionId === sessionId) live.ws.close(code, 'Session ended');
  }

  /** Closes a user's local sockets of one room (removed or banned); other servers do the same. */
  closeUserRoom(userId: number, roomId: number) {
    for (const live of this.users.get(userId) ?? [])
      if (live.roomId === roomId) live.ws.close(WS_CLOSE.noPermission, 'No permission');
  }

  /** Sends one frame to one socket. */
  send(
    live: LiveSocket,
    frame: RoomSocketFrame | NotificationServerFrame | PresenceFrame | ProfileChangedFrame,
  ) {
    this.sendRaw(live, JSON.stringify(frame));
  }

  private sendRaw(live: LiveSocket, data: string | Buffer) {
    if (!this.writable(live)) return;
    live.ws.send(data, { binary: false });
    this.framesSent++;
  }

  /**
   * Writes a frame framed once for many sockets (`textFrame`) straight to the connection: one
   * buffer, no per-socket framing. `ws` writes its own frames (pings, closes) to the same
   * connection in order, and queues none of its own with compression off (realtime/sockets.ts),
   * so the stream stays a sequence of whole frames. Without a connection (unit tests) the payload
   * goes through `ws`.
   */
  private sendFramed(live: LiveSocket, { payload, frame }: Framed) {
    if (!this.writable(live)) return;
    if (live.connection) live.connection.write(frame);
    else live.ws.send(payload, { binary: false });
    this.framesSent++;
  }

  /** An open socket that drains; a slow consumer is closed, not buffered without end. */
  private writable(live: LiveSocket): boolean {
    if (live.ws.readyState !== live.ws.OPEN) return false;
    if (live.ws.bufferedAmount <= MAX_BUFFERED_BYTES) return true;
    this.log.warn({ userId: live.userId, roomId: live.roomId }, 'slow websocket consumer closed');
    live.ws.terminate();
    this.remove(live);
    return false;
  }

  private deliver(event: RealtimeEvent) {
    if (event.kind === 'session_ended') return this.closeSession(event.session_id);
    if (event.kind === 'room_access_ended') return this.closeUserRoom(event.user_id, event.room_id);
    if (event.kind === 'user') return this.deliverToUser(event.user_id, event.frame);
    if (event.kind === 'read_state')
      return this.hasNotificationSocket(event.user_id)
        ? this.readStateHint(event.user_id, event.room_id)
        : undefined;
    if (event.kind === 'presence' || event.kind === 'profile') {
      const watchers = this.watchers.get(event.user_id);
      if (!watchers) return;
      const hint = event.kind === 'presence' ? this.presenceHint : this.profileHint;
      return hint(event.user_id, watchers);
    }
    const sockets = this.rooms.get(event.room_id);
    if (!sockets) return;
    const frameFor = roomFrames(event);
    const skipped = event.except_user_ids ? new Set(event.except_user_ids) : null;
    for (const live of sockets) {
      if (skipped?.has(live.userId)) continue;
      this.cork(live);
      this.sendFramed(live, frameFor(live));
    }
  }

  /**
   * Room frames to one connection within one tick leave in one write: the connection stays corked
   * until the tick's callbacks are done. Messages committed together (db/writer.ts) are published
   * together, so a busy room's sockets get one write per commit instead of one per message.
   *
   * While the process is busy (its event loop ran callbacks most of the last sample), the
   * connections stay corked up to `coalesceMs` longer, so the frames of the commits meanwhile
   * join the same write. On loopback each write runs the whole TCP path in the kernel, about half
   * of a saturated server's CPU: fewer writes leave that CPU to the sends themselves
   * (docs/architecture.md, "Writes under load").
   */
  private cork(live: LiveSocket) {
    const connection = live.connection;
    if (!connection || this.corked.has(connection)) return;
    connection.cork();
    this.corked.add(connection);
    if (this.corked.size > 1) return;
    const holdMs = this.options.load?.busy ? (this.options.coalesceMs ?? 0) : 0;
    if (holdMs === 0) return process.nextTick(this.uncorkAll);
    this.heldFlushes++;
    setTimeout(this.uncorkAll, holdMs);
  }

  private readonly uncorkAll = () => {
    for (const connection of this.corked) connection.uncork();
    this.corked.clear();
  };

  /** A user's own frames (notifications) go to their notification sockets, not their room sockets. */
  private deliverToUser(userId: number, frame: NotificationServerFrame) {
    const sockets = this.users.get(userId);
    if (!sockets) return;
    const data = Buffer.from(JSON.stringify(frame));
    for (const live of sockets) if (live.roomId === null && !live.watches) this.sendRaw(live, data);
  }

  private join(
    index: Map<number, Set<LiveSocket>>,
    key: number,
    live: LiveSocket,
    topic: string,
  ): Promise<void> {
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(live);
    return set.size === 1 ? this.bus.subscribe(topic) : Promise.resolve();
  }

  private leave(index: Map<number, Set<LiveSocket>>, key: number, live: LiveSocket, topic: string) {
    const set = index.get(key);
    if (!set?.delete(live) || set.size > 0) return;
    index.delete(key);
    this.bus.unsubscribe(topic).catch((err: unknown) => this.log.warn({ err, topic }, 'unsubscribe failed'));
  }
}
