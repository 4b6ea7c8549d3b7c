import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { safeEqual } from '../lib/crypto';
import type { RedisClient } from '../lib/redis';
import type { Metrics } from './metrics';

/** Probe answers slower than this count as down: a readiness check must stay cheap. */
const PROBE_TIMEOUT_MS = 2_000;

/** Paths of this file: logged at debug level only (probes and scrapes come every few seconds). */
export const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Health, readiness and metrics for operators and load balancers (docs/operations.md). None
 * needs a session; /metrics is for loopback or the bearer of METRICS_TOKEN only.
 */
export function opsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  metrics: Metrics,
  redis: RedisClient | null,
) {
  app.get('/healthz', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  // The database is required: without it, 503. Redis is not: without it a process still serves
  // its own sockets and requests, only cross-process delivery pauses, so it reports `degraded`
  // and stays in the load balancer.
  app.get('/readyz', async (_req, reply) => {
    const [database, bus] = await Promise.all([
      probe(() => sql`select 1`.execute(ctx.db)),
      redis ? probe(() => redis.ping()) : Promise.resolve('none'),
    ]);
    const status = database !== 'ok' ? 'unavailable' : bus === 'ok' || bus === 'none' ? 'ok' : 'degraded';
    return reply
      .status(status === 'unavailable' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send({ status, database, redis: bus });
  });

  app.get('/metrics', async (req, reply) => {
    if (!mayScrape(req, ctx.config.metricsToken))
      return reply.status(403).send({ error: 'Metrics are served to loopback or with the metrics token.' });
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}

/** `ok`, or why not (`timeout`, the error's message), within PROBE_TIMEOUT_MS. */
async function probe(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), PROBE_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([check().then(() => 'ok'), timeout]);
  } catch (err) {
    return err instanceof Error ? err.message || err.name : 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loopback, or the bearer token. `req.ip` is the client's address as TRUST_PROXY resolves it:
 * behind nginx (which overwrites X-Forwarded-For) a remote client is not mistaken for the proxy.
 */
function mayScrape(req: FastifyRequest, token: string | undefined): boolean {
  const header = req.headers.authorization ?? '';
  if (token && header.startsWith('Bearer ') && safeEqual(header.slice(7), token)) return true;
  return isLoopback(req.ip);
}

function isLoopback(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1';
}
