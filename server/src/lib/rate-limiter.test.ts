import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL } from '../../test/test-app';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';
import { connectRedis, type RedisClient } from './redis';

describe('memory token bucket', () => {
  it('allows the burst, refuses the next with a wait, and refills over time', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const spec = { burst: 3, perSecond: 0.5 };
    for (let i = 0; i < 3; i++) expect((await limiter.take('k', spec)).allowed).toBe(true);
    const refused = await limiter.take('k', spec);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 2 });
    now += 2000;
    expect((await limiter.take('k', spec)).allowed).toBe(true);
    expect((await limiter.take('k', spec)).allowed).toBe(false);
  });

  it('peek never consumes, and keys are independent', async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const spec = { burst: 1, perSecond: 0.001 };
    for (let i = 0; i < 5; i++) expect((await limiter.peek('a', spec)).allowed).toBe(true);
    expect((await limiter.take('a', spec)).allowed).toBe(true);
    expect((await limiter.peek('a', spec)).allowed).toBe(false);
    expect((await limiter.take('b', spec)).allowed).toBe(true);
  });
});

describe('Redis token bucket (shared by every server process)', () => {
  let redis: RedisClient;
  let a: RateLimiter;
  let b: RateLimiter;
  const prefix = `studium:test:${process.pid}:${Date.now()}:`;
  beforeAll(async () => {
    redis = await connectRedis(REDIS_URL, () => {});
    a = createRedisRateLimiter(redis, prefix);
    b = createRedisRateLimiter(redis, prefix);
  });
  afterAll(async () => {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` }))
      if (keys.length) await redis.del(keys);
    await redis.close();
  });

  it('two limiters share one bucket', async () => {
    const spec = { burst: 2, perSecond: 0.01 };
    expect((await a.take('login:ip:x', spec)).allowed).toBe(true);
    expect((await b.take('login:ip:x', spec)).allowed).toBe(true);
    const refused = await a.take('login:ip:x', spec);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(90);
    expect((await b.peek('login:ip:x', spec)).allowed).toBe(false);
    expect((await b.peek('login:ip:y', spec)).allowed).toBe(true);
  });

  it('keeps counting in Redis after Redis forgot its script (a restart, a SCRIPT FLUSH)', async () => {
    const errors: unknown[] = [];
    const limiter = createRedisRateLimiter(redis, prefix, (err) => errors.push(err));
    const spec = { burst: 2, perSecond: 0.01 };
    expect((await limiter.take('send:z', spec)).allowed).toBe(true);
    await redis.scriptFlush();
    // The same bucket: the second token is the last, whichever process or script load took the first.
    expect((await limiter.take('send:z', spec)).allowed).toBe(true);
    expect((await b.take('send:z', spec)).allowed).toBe(false);
    expect(errors).toEqual([]);
  });
});
