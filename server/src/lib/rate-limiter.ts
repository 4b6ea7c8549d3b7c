import { createHash } from 'node:crypto';
import type { RateSpec } from '../config/config';
import type { RedisClient } from './redis';
import { RateLimited } from './errors';

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Token buckets keyed by purpose and subject (e.g. `login:ip:127.0.0.1`). `take` consumes one
 * token when available; `peek` only tells whether one is. Memory for one process, Redis when
 * several servers must share the counts.
 */
export interface RateLimiter {
  take(key: string, spec: RateSpec): Promise<RateDecision>;
  peek(key: string, spec: RateSpec): Promise<RateDecision>;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

function decide(bucket: Bucket, spec: RateSpec, nowMs: number, consume: boolean): RateDecision {
  bucket.tokens = Math.min(spec.burst, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * spec.perSecond);
  bucket.updatedMs = nowMs;
  if (bucket.tokens >= 1) {
    if (consume) bucket.tokens -= 1;
    return { allowed: true, retryAfterSeconds: 0 };
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / spec.perSecond)) };
}

/** In-process buckets; stale ones are swept so memory stays bounded. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  let lastSweep = now();
  const sweep = (nowMs: number) => {
    if (nowMs - lastSweep < 60_000) return;
    lastSweep = nowMs;
    for (const [key, b] of buckets) if (nowMs - b.updatedMs > 3600_000) buckets.delete(key);
  };
  const run = (key: string, spec: RateSpec, consume: boolean) => {
    const nowMs = now();
    sweep(nowMs);
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { tokens: spec.burst, updatedMs: nowMs };
      buckets.set(key, bucket);
    }
    return Promise.resolve(decide(bucket, spec, nowMs, consume));
  };
  return { take: (k, s) => run(k, s, true), peek: (k, s) => run(k, s, false) };
}

// Atomic token bucket in Redis, timed by the Redis server's clock so every process agrees.
const BUCKET_SCRIPT = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local consume = ARGV[3] == '1'
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local data = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(data[1])
local ts = tonumber(data[2])
if tokens == nil then tokens = burst; ts = now end
tokens = math.min(burst, tokens + (now - ts) * rate)
local allowed = 0
local wait = 0
if tokens >= 1 then
  allowed = 1
  if consume then tokens = tokens - 1 end
else
  wait = math.ceil((1 - tokens) / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 60)
return {allowed, wait}
`;
const BUCKET_SCRIPT_SHA = createHash('sha1').update(BUCKET_SCRIPT).digest('hex');

/**
 * Shared buckets in Redis. While Redis is unreachable each process falls back to its own memory
 * buckets, so limits still hold (per process) and requests keep being served.
 */
export function createRedisRateLimiter(
  redis: RedisClient,
  prefix = 'studium:rl:',
  onError: (err: unknown) => void = () => {},
): RateLimiter {
  const fallback = createMemoryRateLimiter();
  const run = async (key: string, spec: RateSpec, consume: boolean): Promise<RateDecision> => {
    if (!redis.isReady) return consume ? fallback.take(key, spec) : fallback.peek(key, spec);
    try {
      const options = {
        keys: [prefix + key],
        arguments: [String(spec.burst), String(spec.perSecond), consume ? '1' : '0'],
      };
      // By its digest: the script's text goes over the wire (and is hashed by Redis) only when
      // Redis does not hold it yet, after a restart or a SCRIPT FLUSH.
      const reply = (await redis.evalSha(BUCKET_SCRIPT_SHA, options).catch((err: unknown) => {
        if (err instanceof Error && err.message.startsWith('NOSCRIPT'))
          return redis.eval(BUCKET_SCRIPT, options);
        throw err;
      })) as [number, number];
      return {
        allowed: reply[0] === 1,
        retryAfterSeconds: Math.max(reply[0] === 1 ? 0 : 1, Number(reply[1])),
      };
    } catch (err) {
      onError(err);
      return consume ? fallback.take(key, spec) : fallback.peek(key, spec);
    }
  };
  return { take: (k, s) => run(k, s, true), peek: (k, s) => run(k, s, false) };
}

/** Takes a token or throws RateLimited (429 with Retry-After). */
export async function enforceRate(
  limiter: RateLimiter,
  key: string,
  spec: RateSpec,
  text?: (seconds: number) => string,
): Promise<void> {
  const decision = await limiter.take(key, spec);
  if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds, text);
}
