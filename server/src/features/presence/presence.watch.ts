import type { PresenceFrame } from '@studium/protocol';
import type { AppContext } from '../../context';
import { fromDbBool } from '../../db/dialect';
import type { Hub, LiveSocket } from '../../realtime/hub';
import { findBlockedPairs } from '../blocks/blocks.service';
import { appearsOnline } from './presence.policy';
import * as repo from './presence.repository';
import type { PresenceStore } from './presence.store';

// Users are read this many at a time (one query, one Redis round trip each).
const CHUNK = 500;

type UserState = { username: string; connected: boolean; showPresence: boolean };

/** The watching side of presence on one server process (docs/presence.md). */
export interface PresenceWatch {
  /** A new presence socket: sends its first frame, every watched user's state. */
  welcome(live: LiveSocket): Promise<void>;
  /** These users' presence may have changed: read them again and tell whoever sees a change. */
  recheck(userIds: Iterable<number>): void;
  /**
   * What others see of this user's profile has changed: tells this process's presence sockets
   * watching them, but not across a block (a blocked pair sees each other as hidden).
   */
  profileChanged(userId: number, watchers: ReadonlySet<LiveSocket>): void;
  /** Resolves once the reads under way are done. */
  idle(): Promise<void>;
}

/**
 * A watcher is told about a user only when what it sees of them changes: each presence socket
 * remembers which watched users it was last shown online, and a re-read sends it the differences
 * only. So a user who hides their presence, and whose state therefore never changes, causes no
 * frame at all however often they connect; neither does a re-read that finds nothing new.
 *
 * Reads run one at a time, each for every user queued meanwhile. That keeps what a socket is told
 * in the order things happened (two overlapping reads could finish in the wrong order and undo a
 * change), and a burst of hints costs one read. A new socket's first frame is read in the same
 * queue, so nothing reaches it before that frame, and nothing it was shown is repeated after.
 */
export function createPresenceWatch(ctx: AppContext, hub: Hub, store: PresenceStore): PresenceWatch {
  const shownOnline = new WeakMap<LiveSocket, Set<number>>();
  const dirty = new Set<number>();
  const newcomers: Array<{ live: LiveSocket; done: () => void; fail: (err: unknown) => void }> = [];
  let running: Promise<void> | null = null;

  const schedule = () => {
    if (running) return;
    running = drain().finally(() => {
      running = null;
      // Queued between the last loop and now.
      if (dirty.size > 0 || newcomers.length > 0) schedule();
    });
  };

  async function drain() {
    while (dirty.size > 0 || newcomers.length > 0) {
      const changed = [...dirty];
      dirty.clear();
      const joining = newcomers.splice(0);
      try {
        await readAndTell(changed, joining);
        for (const n of joining) n.done();
      } catch (err) {
        // Dropped, not retried: the periodic re-read catches up once the store answers again.
        ctx.log.warn({ err }, 'presence read failed');
        for (const n of joining) n.fail(err);
      }
    }
  }

  async function readAndTell(changed: number[], joining: Array<{ live: LiveSocket }>) {
    const watched = hub.watched();
    const ids = new Set(changed.filter((id) => watched.has(id)));
    for (const { live } of joining) for (const id of live.watches ?? []) ids.add(id);
    const users = await readUsers([...ids]);
    // Whoever is told of these users: a block between a watcher and a user hides the user from it.
    const watchers = new Set(joining.map(({ live }) => live.userId));
    for (const id of changed)
      if (users.has(id)) for (const live of watched.get(id) ?? []) watchers.add(live.userId);
    const blocked = await findBlockedPairs(ctx.db, [...watchers], [...users.keys()]);
    const onlineFor = (live: LiveSocket, id: number, user: UserState) =>
      appearsOnline(user.connected, user.showPresence, blocked(live.userId, id));

    for (const { live } of joining) {
      const online: Record<string, boolean> = {};
      const shown = new Set<number>();
      for (const id of live.watches ?? []) {
        const user = users.get(id);
        if (!user) continue;
        online[user.username] = onlineFor(live, id, user);
        if (online[user.username]) shown.add(id);
      }
      shownOnline.set(live, shown);
      hub.send(live, { type: 'presence', online });
    }

    const news = new Map<LiveSocket, PresenceFrame>();
    for (const id of changed) {
      const user = users.get(id);
      if (!user) continue;
      for (const live of watched.get(id) ?? []) {
        const shown = shownOnline.get(live);
        const online = onlineFor(live, id, user);
        // Not welcomed yet: its first frame, read after this change, will carry it.
        if (!shown || shown.has(id) === online) continue;
        if (online) shown.add(id);
        else shown.delete(id);
        let frame = news.get(live);
        if (!frame) news.set(live, (frame = { type: 'presence', online: {} }));
        frame.online[user.username] = online;
      }
    }
    for (const [live, frame] of news) hub.send(live, frame);
  }

  /** Each user's name, whether they are connected somewhere, and whether they show it. */
  async function readUsers(ids: number[]) {
    const users = new Map<number, UserState>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await repo.listUsersById(ctx.db, ids.slice(i, i + CHUNK));
      const connected = await store.listConnected(rows.map((u) => u.id));
      for (const u of rows)
        users.set(u.id, {
          username: u.username,
          connected: connected.has(u.id),
          showPresence: fromDbBool(u.show_presence),
        });
    }
    return users;
  }

  const profileReads = new Set<Promise<void>>();
  async function tellProfileChanged(userId: number, watchers: LiveSocket[]) {
    const [user] = await repo.listUsersById(ctx.db, [userId]);
    if (!user) return;
    const blocked = await findBlockedPairs(
      ctx.db,
      [...new Set(watchers.map((live) => live.userId))],
      [userId],
    );
    for (const live of watchers)
      if (!blocked(live.userId, userId)) hub.send(live, { type: 'profile_changed', username: user.username });
  }

  return {
    profileChanged(userId, watchers) {
      const read = tellProfileChanged(userId, [...watchers])
        .catch((err: unknown) => ctx.log.warn({ err, userId }, 'profile change not told'))
        .finally(() => profileReads.delete(read));
      profileReads.add(read);
    },
    welcome(live) {
      return new Promise<void>((done, fail) => {
        newcomers.push({ live, done, fail });
        schedule();
      });
    },
    recheck(userIds) {
      for (const id of userIds) dirty.add(id);
      if (dirty.size > 0) schedule();
    },
    async idle() {
      while (running) await running;
      await Promise.all(profileReads);
    },
  };
}
