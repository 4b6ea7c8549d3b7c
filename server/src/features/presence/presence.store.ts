import { randomUUID } from 'node:crypto';
import { PRESENCE_LIMITS } from '@studium/protocol';
import type { RedisClient } from '../../lib/redis';

/**
 * Which users have a socket open on some server process (docs/presence.md). Each process tells
 * the store about its own users: the first socket opening, the last closing, and a refresh now
 * and then that keeps its entries alive.
 */
export interface PresenceStore {
  setConnected(userId: number, isConnected: boolean): Promise<void>;
  /** Keeps this process's entries alive (called every `presenceRefreshMs`). */
  refresh(userIds: number[]): Promise<void>;
  /** The users among `userIds` connected to any process. */
  listConnected(userIds: number[]): Promise<Set<number>>;
}

/** One process is the whole deployment: its hub already knows, this mirrors it. */
export function createMemoryPresenceStore(): PresenceStore {
  const connected = new Set<number>();
  return {
    async setConnected(userId, isConnected) {
      if (isConnected) connected.add(userId);
      else connected.delete(userId);
    },
    async refresh() {},
    async listConnected(userIds) {
      return new Set(userIds.filter((id) => connected.has(id)));
    },
  };
}

// An entry outlives three missed refreshes: a process that died without saying goodbye stops
// counting after at most this long.
const ENTRY_TTL_MS = PRESENCE_LIMITS.presenceRefreshMs * 3;

/**
 * Redis: one sorted set per user (`<prefix>presence:7`) whose members are the server processes
 * where the user is connected, scored by when that entry expires. Online = an unexpired member.
 * The key itself expires too, so users who left leave nothing behind.
 */
export function createRedisPresenceStore(redis: RedisClient, prefix: string): PresenceStore {
  const server = randomUUID();
  const key = (userId: number) => `${prefix}presence:${userId}`;
  const add = (multi: ReturnType<RedisClient['multi']>, userId: number, now: number) =>
    multi
      .zAdd(key(userId), { score: now + ENTRY_TTL_MS, value: server })
      .pExpire(key(userId), ENTRY_TTL_MS)
      .zRemRangeByScore(key(userId), '-inf', now);
  return {
    async setConnected(userId, isConnected) {
      if (!isConnected) {
        await redis.zRem(key(userId), server);
        return;
      }
      await add(redis.multi(), userId, Date.now()).exec();
    },
    async refresh(userIds) {
      const now = Date.now();
      for (let i = 0; i < userIds.length; i += 500) {
        const multi = redis.multi();
        for (const id of userIds.slice(i, i + 500)) add(multi, id, now);
        await multi.exec();
      }
    },
    async listConnected(userIds) {
      if (userIds.length === 0) return new Set();
      const now = Date.now();
      const multi = redis.multi();
      for (const id of userIds) multi.zCount(key(id), now, '+inf');
      const counts = (await multi.exec()) as unknown as number[];
      return new Set(userIds.filter((_, i) => Number(counts[i]) > 0));
    },
  };
}
