import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, clearRedisPrefix } from '../../../test/test-app';
import { connectRedis, type RedisClient } from '../../lib/redis';
import { createMemoryPresenceStore, createRedisPresenceStore } from './presence.store';

describe('the presence store', () => {
  it('in memory: a user is connected between setConnected(true) and setConnected(false)', async () => {
    const store = createMemoryPresenceStore();
    await store.setConnected(1, true);
    expect(await store.listConnected([1, 2])).toEqual(new Set([1]));
    await store.setConnected(1, false);
    expect(await store.listConnected([1, 2])).toEqual(new Set());
  });

  describe('on Redis', () => {
    let redis: RedisClient;
    const prefix = `studium:test:presence-store:${process.pid}:${Date.now()}:`;
    beforeAll(async () => {
      redis = await connectRedis(REDIS_URL, () => {});
    });
    afterAll(async () => clearRedisPrefix(redis, prefix));

    it('counts a user online while any server process has them connected', async () => {
      const [one, two] = [createRedisPresenceStore(redis, prefix), createRedisPresenceStore(redis, prefix)];
      await one.setConnected(7, true);
      await two.setConnected(7, true);
      expect(await two.listConnected([7, 8])).toEqual(new Set([7]));
      await one.setConnected(7, false);
      expect(await one.listConnected([7])).toEqual(new Set([7]));
      await two.setConnected(7, false);
      expect(await one.listConnected([7])).toEqual(new Set());
    });

    it("stops counting a dead process's entry once it expires, and keeps the key expiring", async () => {
      const store = createRedisPresenceStore(redis, prefix);
      await redis.zAdd(`${prefix}presence:9`, { score: Date.now() - 1, value: 'a-dead-process' });
      expect(await store.listConnected([9])).toEqual(new Set());
      await store.refresh([9]);
      expect(await store.listConnected([9])).toEqual(new Set([9]));
      // The refresh also swept the expired member away, and the key has a lifetime.
      expect(await redis.zRange(`${prefix}presence:9`, 0, -1)).toHaveLength(1);
      expect(await redis.pTTL(`${prefix}presence:9`)).toBeGreaterThan(0);
    });
  });
});
