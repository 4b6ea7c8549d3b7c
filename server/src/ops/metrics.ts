import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Writer } from '../db/writer';
import type { RateLimiter } from '../lib/rate-limiter';
import type { RedisClient } from '../lib/redis';
import type { Bus } from '../realtime/bus';
import type { Hub } from '../realtime/hub';

/**
 * One registry per app (tests run several apps in one process), read by GET /metrics. The list
 * and meaning of every series is in docs/operations.md.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process, heap, GC and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const m = {
    registry,
    httpDuration: new Histogram({
      name: 'studium_http_request_duration_seconds',
      help: 'HTTP request durations by route pattern, method and status class',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    messagesStored: new Counter({
      name: 'studium_messages_stored_total',
      help: 'Chat messages committed by this process',
      registers: [registry],
    }),
    publishLatency: new Histogram({
      name: 'studium_send_to_publish_seconds',
      help: "From a message's acceptance (its timestamp) to its publication on the bus",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    publishFailures: new Counter({
      name: 'studium_bus_publish_failures_total',
      help: 'Events the bus could not publish',
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'studium_rate_limit_rejections_total',
      help: 'Requests and frames refused by a rate limit, by purpose',
      labelNames: ['purpose'] as const,
      registers: [registry],
    }),
    busReconnects: new Counter({
      name: 'studium_bus_reconnects_total',
      help: 'Reconnections of the Redis connections (commands and subscriptions)',
      labelNames: ['connection'] as const,
      registers: [registry],
    }),
  };
  return m;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Gauges read at scrape time from what the app already holds: nothing to keep in step. */
export function watchApp(metrics: Metrics, sources: { hub: Hub; writer: Writer; pool?: pg.Pool }) {
  const { registry } = metrics;
  new Gauge({
    name: 'studium_open_sockets',
    help: 'Open WebSockets of this process by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      let room = 0;
      let notifications = 0;
      for (const live of sources.hub.all()) {
        if (live.roomId === null) notifications++;
        else room++;
      }
      this.set({ kind: 'room' }, room);
      this.set({ kind: 'notifications' }, notifications);
    },
  });
  new Counter({
    name: 'studium_frames_delivered_total',
    help: 'Frames written to sockets by this process (bus events fanned out, replies)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.hub.framesSent);
    },
  });
  new Counter({
    name: 'studium_frames_held_total',
    help: "Times the sockets' writes were held back, while the process was busy, to leave with more frames",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.hub.heldFlushes);
    },
  });
  new Gauge({
    name: 'studium_db_write_queue_depth',
    help: 'Units of writing work queued or running, not yet committed',
    registers: [registry],
    collect() {
      this.set(sources.writer.depth());
    },
  });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'studium_db_pool_connections',
      help: 'PostgreSQL pool connections by state, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}

/** Counts reconnections of a Redis connection (node-redis emits `reconnecting` on each attempt's start). */
export function watchRedis(metrics: Metrics, client: RedisClient, connection: string) {
  client.on('reconnecting', () => metrics.busReconnects.inc({ connection }));
}

/** Counts committed messages and their send-to-publish latency, and failed publications. */
export function instrumentBus(metrics: Metrics, bus: Bus): Bus {
  return {
    ...bus,
    async publish(topic, event) {
      if (event.kind === 'room' && event.frame.type === 'message') {
        metrics.messagesStored.inc();
        const since = Date.now() - Date.parse(event.frame.timestamp);
        if (since >= 0) metrics.publishLatency.observe(since / 1000);
      }
      try {
        await bus.publish(topic, event);
      } catch (err) {
        metrics.publishFailures.inc();
        throw err;
      }
    },
  };
}

/** Counts refusals by purpose: the key's first segment (`message:user:7` → `message`). */
export function instrumentLimiter(metrics: Metrics, limiter: RateLimiter): RateLimiter {
  return {
    peek: (key, spec) => limiter.peek(key, spec),
    async take(key, spec) {
      const decision = await limiter.take(key, spec);
      if (!decision.allowed) metrics.rateLimited.inc({ purpose: key.split(':')[0] });
      return decision;
    },
  };
}

/** HTTP durations labelled with the route pattern (`/api/rooms/:id/`), never the raw URL. */
export function recordHttpDurations(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { route, method: req.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}
