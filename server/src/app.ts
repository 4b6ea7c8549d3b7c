import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { LIMITS, TEXTS } from '@studium/protocol';
import type { Config } from './config/config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { loadSecret } from './db/settings';
import { apiDocsRoutes } from './features/api-docs/api-docs.routes';
import { attachmentsRoutes } from './features/attachments/attachments.routes';
import { sweepUnsentAttachments } from './features/attachments/attachments.service';
import { createAssistants } from './features/assistants/assistants.bots';
import { assistantsRoutes } from './features/assistants/assistants.routes';
import { createProvider } from './features/assistants/providers';
import { authRoutes } from './features/auth/auth.routes';
import { listLiveSessionIds, resolveSession, sweepSessions } from './features/auth/auth.service';
import { registerChatSocketActions } from './features/chat/chat.socket';
import { chatRoutes } from './features/chat/chat.routes';
import { findRoomSocketAccess } from './features/chat/chat.service';
import { pinsRoutes } from './features/chat/pins.routes';
import { dmsRoutes } from './features/dms/dms.routes';
import { exportRoutes } from './features/export/export.routes';
import { drainExports, sweepExports } from './features/export/export.service';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { coursesRoutes } from './features/matchmaking/courses.routes';
import { matchmakingRoutes } from './features/matchmaking/matchmaking.routes';
import { partyRoutes } from './features/matchmaking/party.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { registerNotificationSocket } from './features/notifications/notifications.socket';
import { presenceRoutes } from './features/presence/presence.routes';
import { registerPresenceSocket, registerPresenceSocketActions } from './features/presence/presence.socket';
import { startPresence } from './features/presence/presence.service';
import { startLiveReadStates } from './features/unread/unread.live';
import {
  createMemoryPresenceStore,
  createRedisPresenceStore,
  type PresenceStore,
} from './features/presence/presence.store';
import { profileRoutes } from './features/profile/profile.routes';
import { rankingsRoutes } from './features/rankings/rankings.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { blocksRoutes } from './features/blocks/blocks.routes';
import { roomsRoutes } from './features/rooms/rooms.routes';
import { unreadRoutes } from './features/unread/unread.routes';
import { searchRoutes } from './features/search/search.routes';
import { usersRoutes } from './features/users/users.routes';
import {
  createMetrics,
  instrumentBus,
  instrumentLimiter,
  recordHttpDurations,
  watchApp,
  watchRedis,
} from './ops/metrics';
import { OPS_PATHS, opsRoutes } from './ops/ops.routes';
import { createAppEvents } from './lib/app-events';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter';
import { connectRedis, type RedisClient } from './lib/redis';
import { registerCompression } from './plugins/compression';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';
import { startSearchIndexer } from './features/search/search.backlog';
import { registerStatic } from './plugins/static';
import { createMemoryBus } from './realtime/bus';
import { watchEventLoop } from './realtime/busy-gauge';
import { Hub } from './realtime/hub';
import { createRedisBus } from './realtime/redis-bus';
import { registerRoomSocket } from './realtime/room-socket';
import type { RealtimeAccess } from './realtime/access';
import { SocketActions } from './realtime/socket-actions';
import { registerSocketSupport } from './realtime/sockets';
import { seedDemoData } from './seed/seed';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** This process's live sockets. */
  hub: Hub;
  /** Demo accounts created by this start (empty unless the database was empty). */
  demoAccounts: Array<{ username: string; password: string }>;
  /** Settles once every bot answer under way is stored or given up. */
  drainAssistants: () => Promise<void>;
}

export interface BuildOptions {
  /** Called for every route as it is registered (the tests compare them with the API table). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of stdout (the tests read what a request logged). */
  logStream?: { write: (line: string) => void };
}

/** Builds the whole server (database, plugins, features) without listening. Used by tests too. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers["x-csrftoken"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.old_password',
          '*.new_password',
        ],
        censor: '[redacted]',
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.logFormat === 'pretty' && !options.logStream
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' },
            },
          }
        : {}),
    },
    // One line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    // Our routes end in a slash; the matchmaking calls keep the paths they were published with
    // (`/api/intent/{role}`, `/api/party/{id}/delete`). Each path answers with or without the
    // final slash, so neither form is a 404 (docs/api.md).
    // A path parameter may be a room's path (up to 512 characters), percent-encoded.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 3 * 512 },
    // The router's own refusals (a malformed percent-encoding, an overlong parameter) answer in
    // the API's one error shape, never the framework's (which echoes the URL back).
    frameworkErrors: (err, _req, reply) => {
      const status: number = typeof err.statusCode === 'number' ? err.statusCode : 400;
      void (reply as FastifyReply)
        .status(status)
        .header('cache-control', 'no-store')
        .send({ error: TEXTS.server.invalidInput });
    },
    trustProxy: config.trustProxy,
    connectionTimeout: 30_000,
    keepAliveTimeout: 5_000,
    requestTimeout: 30_000,
    onProtoPoisoning: 'error',
    return503OnClosing: true,
  });
  app.server.headersTimeout = 10_000;
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database = openDatabase(config, (err) => app.log.warn({ err }, 'database connection lost'));
  const metrics = createMetrics();
  let redis: RedisClient | null = null;
  const closers: Array<() => Promise<void>> = [database.close];
  app.addHook('onClose', async () => {
    for (const close of closers.reverse()) await close();
  });

  try {
    await migrateToLatest(database.db, database.dialect, config.databaseSchema);
    let limiter = createMemoryRateLimiter();
    let bus = createMemoryBus();
    let presenceStore: PresenceStore = createMemoryPresenceStore();
    if (config.redisUrl) {
      const onError = (err: unknown) => app.log.error({ err }, 'redis error');
      const commands = await connectRedis(config.redisUrl, onError);
      redis = commands;
      closers.push(async () => void (await commands.close()));
      limiter = createRedisRateLimiter(commands, `${config.redisPrefix}rl:`, onError);
      presenceStore = createRedisPresenceStore(commands, config.redisPrefix);
      const subscriber = commands.duplicate();
      subscriber.on('error', onError);
      await subscriber.connect();
      watchRedis(metrics, commands, 'commands');
      watchRedis(metrics, subscriber, 'subscriptions');
      bus = createRedisBus(commands, subscriber, `${config.redisPrefix}bus:`, onError);
    }
    bus = instrumentBus(metrics, bus);
    limiter = instrumentLimiter(metrics, limiter);
    closers.push(() => bus.close());
    const ctx: AppContext = {
      db: database.db,
      dialect: database.dialect,
      writer: database.writer,
      config,
      limiter,
      bus,
      log: app.log,
      csrfSecret: await loadSecret(database.db, 'csrf_secret'),
      events: createAppEvents(app.log),
    };
    // Bots answer after a message is stored; the server lets answers under way finish when it stops.
    const provider = createProvider(config, app.log);
    const assistants = createAssistants(ctx, provider);
    const stopAnswering = ctx.events.on('messageSent', (event) => assistants.onMessageSent(event));
    closers.push(async () => {
      stopAnswering();
      await assistants.drain();
    });
    const demoAccounts = config.seedDemo ? await seedDemoData(ctx) : [];

    await app.register(fastifyCookie);
    await registerCompression(app);
    app.addHook('onResponse', async (req, reply) => {
      const line = {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      };
      // Probes and scrapes come every few seconds: at info level they would drown the log.
      if (OPS_PATHS.has(line.url ?? '')) req.log.debug(line, 'request');
      else req.log.info(line, 'request');
    });
    recordHttpDurations(app, metrics);
    registerErrorHandler(app);
    registerSecurityHeaders(app, config.secureCookies);
    registerSession(app, (token) => resolveSession(ctx, token));
    registerCsrf(app, ctx);
    authRoutes(app, ctx);
    profileRoutes(app, ctx);
    presenceRoutes(app, ctx);
    roomsRoutes(app, ctx);
    unreadRoutes(app, ctx);
    chatRoutes(app, ctx);
    pinsRoutes(app, ctx);
    searchRoutes(app, ctx);
    attachmentsRoutes(app, ctx);
    usersRoutes(app, ctx);
    rankingsRoutes(app, ctx);
    sessionsRoutes(app, ctx);
    exportRoutes(app, ctx);
    blocksRoutes(app, ctx);
    dmsRoutes(app, ctx);
    coursesRoutes(app);
    matchmakingRoutes(app, ctx);
    partyRoutes(app, ctx);
    notificationsRoutes(app, ctx);
    moderationRoutes(app, ctx);
    apiDocsRoutes(app, ctx);
    assistantsRoutes(app, ctx, provider);
    // The live connections learn sessions and room rights from the features through these.
    const access: RealtimeAccess = {
      resolveSession: (token) => resolveSession(ctx, token),
      listLiveSessionIds: (ids) => listLiveSessionIds(ctx, ids),
      findRoomAccess: (user, ref) => findRoomSocketAccess(ctx.db, user, ref),
    };
    const load = config.socketCoalesceMs > 0 ? watchEventLoop() : undefined;
    if (load) app.addHook('onClose', async () => load.stop());
    const hub = new Hub(bus, app.log, { coalesceMs: config.socketCoalesceMs, load });
    opsRoutes(app, ctx, metrics, redis);
    watchApp(metrics, { hub, writer: database.writer, pool: database.pool });
    const actions = new SocketActions();
    registerChatSocketActions(actions);
    registerPresenceSocketActions(actions);
    await registerSocketSupport(app, ctx, hub, access);
    registerRoomSocket(app, ctx, { hub, actions, access });
    registerNotificationSocket(app, ctx, { hub, access });
    const presence = startPresence(ctx, hub, presenceStore);
    closers.push(presence.stop);
    registerPresenceSocket(app, ctx, { hub, access }, presence);
    closers.push(startLiveReadStates(ctx, hub, presenceStore));
    await registerStatic(app, config.webDist ?? DEFAULT_WEB_DIST, config.secureCookies, config.productName);

    const sweep = setInterval(() => {
      void sweepSessions(ctx).catch((err) => app.log.warn({ err }, 'session sweep failed'));
      void sweepUnsentAttachments(ctx).catch((err) => app.log.warn({ err }, 'attachment sweep failed'));
    }, 3600_000);
    sweep.unref();
    closers.push(async () => clearInterval(sweep));
    closers.push(startSearchIndexer(ctx));
    const exportSweep = setInterval(
      () => void sweepExports(ctx).catch((err) => app.log.warn({ err }, 'export sweep failed')),
      3600_000,
    );
    exportSweep.unref();
    closers.push(async () => {
      clearInterval(exportSweep);
      await drainExports(ctx);
    });
    return { app, ctx, hub, demoAccounts, drainAssistants: () => assistants.drain() };
  } catch (err) {
    await app.close();
    throw err;
  }
}
