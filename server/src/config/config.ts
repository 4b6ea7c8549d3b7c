import path from 'node:path';
import { z } from 'zod';
import { ATTACHMENT_LIMITS, PRODUCT_NAME_DEFAULT, RANKING_PAIR_DAILY_LIMIT } from '@studium/protocol';

/** A token bucket: `burst` requests at once, refilled at `perSecond`. Env form: "burst/perSecond". */
export interface RateSpec {
  burst: number;
  perSecond: number;
}

const rateSpec = (fallback: RateSpec) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): RateSpec => {
      if (!raw) return fallback;
      const match = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(raw.trim());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'expected "burst/perSecond", e.g. "5/0.003"' });
        return z.NEVER;
      }
      return { burst: Number(match[1]), perSecond: Number(match[2]) };
    });

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v)));

/** Environment variables, validated once at boot (docs/security.md explains the rate-limit defaults). */
const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  REDIS_URL: z.string().optional(),
  // Namespaces rate-limit keys and bus channels, so deployments (or test runs) can share a Redis.
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/)
    .default('studium:'),
  SECURE_COOKIES: bool(false),
  ALLOWED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  PRODUCT_NAME: z.string().min(1).default(PRODUCT_NAME_DEFAULT),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: bool(true),
  TRUST_PROXY: bool(false),
  // Lets a scraper that is not on loopback read GET /metrics (Authorization: Bearer <token>).
  METRICS_TOKEN: z.string().min(16).optional(),
  // Synapse's rc_login defaults: per address and per account 5 at once then one per ~5.5 min;
  // failed attempts per account 3 at once then ~1 every 6 s.
  LOGIN_RATE_LIMIT: rateSpec({ burst: 5, perSecond: 0.003 }),
  LOGIN_FAILED_RATE_LIMIT: rateSpec({ burst: 3, perSecond: 0.17 }),
  REGISTER_RATE_LIMIT: rateSpec({ burst: 5, perSecond: 0.003 }),
  // Messages and edits per user: 10 at once, then one a second (Synapse rc_message burst 10).
  MESSAGE_RATE_LIMIT: rateSpec({ burst: 10, perSecond: 1 }),
  REACTION_RATE_LIMIT: rateSpec({ burst: 30, perSecond: 2 }),
  // New conversations (a DM room made for the first time, a group) and picture uploads: generous
  // for people, tight for scripts that would fill the database.
  CONVERSATION_RATE_LIMIT: rateSpec({ burst: 20, perSecond: 0.1 }),
  UPLOAD_RATE_LIMIT: rateSpec({ burst: 10, perSecond: 0.05 }),
  // Data exports per user: 3 at once, then one every 20 minutes (each reads all the user's rows).
  EXPORT_RATE_LIMIT: rateSpec({ burst: 3, perSecond: 1 / 1200 }),
  // Searches per user (the search screen and 'Already answered?'): each scans a window of
  // messages, so a script cannot loop over them; 30 at once, then one a second.
  SEARCH_RATE_LIMIT: rateSpec({ burst: 30, perSecond: 1 }),
  // Reports per user: a handful at once, then one a minute, so a flood cannot bury the queue.
  REPORT_RATE_LIMIT: rateSpec({ burst: 5, perSecond: 1 / 60 }),
  // Operators who moderate every room and the reports about users: usernames, comma-separated.
  ADMIN_USERNAMES: z.string().default(''),
  // An OpenAI-compatible endpoint for the assistants (docs/assistants.md); none: the offline engine.
  AI_BASE_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'expected an http(s) URL, e.g. http://127.0.0.1:11434/v1' })
        .optional(),
    ),
  AI_API_KEY: z.string().default(''),
  AI_MODEL: z.string().default(''),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  AI_COOLDOWN_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Assistant requests per user (parse, discover, bot mentions) and bot answers per room.
  ASSISTANT_RATE_LIMIT: rateSpec({ burst: 10, perSecond: 0.2 }),
  ROOM_BOT_RATE_LIMIT: rateSpec({ burst: 5, perSecond: 0.1 }),
  // Rankings: how many reactions from one user to another's messages count in a UTC day.
  RANKING_PAIR_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(RANKING_PAIR_DAILY_LIMIT),
  // Attachments (docs/attachments.md): the largest file, the bytes one user may keep, and where the
  // bytes go: the database by default, or a directory every server process shares.
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(ATTACHMENT_LIMITS.maxBytesDefault),
  ATTACHMENT_QUOTA_BYTES: z.coerce.number().int().min(1024).default(ATTACHMENT_LIMITS.quotaBytesDefault),
  ATTACHMENTS_DIR: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  // Show each session's approximate place: the network of the login's address (IPv4 /24, IPv6 /48).
  SESSION_NETWORKS: bool(false),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(14),
  // While the event loop is busy, live frames to a connection wait up to this long (ms) to leave
  // in one write with the next ones; 0: after every tick (docs/architecture.md, "Writes under load").
  WS_COALESCE_MS: z.coerce.number().int().min(0).max(100).default(20),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment; throws with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    secureCookies: e.SECURE_COOKIES,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    productName: e.PRODUCT_NAME,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    socketCoalesceMs: e.WS_COALESCE_MS,
    metricsToken: e.METRICS_TOKEN,
    rateLimits: {
      login: e.LOGIN_RATE_LIMIT,
      loginFailed: e.LOGIN_FAILED_RATE_LIMIT,
      register: e.REGISTER_RATE_LIMIT,
      message: e.MESSAGE_RATE_LIMIT,
      reaction: e.REACTION_RATE_LIMIT,
      conversation: e.CONVERSATION_RATE_LIMIT,
      upload: e.UPLOAD_RATE_LIMIT,
      dataExport: e.EXPORT_RATE_LIMIT,
      assistant: e.ASSISTANT_RATE_LIMIT,
      roomBot: e.ROOM_BOT_RATE_LIMIT,
      report: e.REPORT_RATE_LIMIT,
      search: e.SEARCH_RATE_LIMIT,
    },
    adminUsernames: new Set(
      e.ADMIN_USERNAMES.split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      cooldownMs: e.AI_COOLDOWN_MS,
    },
    attachments: {
      maxBytes: e.ATTACHMENT_MAX_BYTES,
      quotaBytes: e.ATTACHMENT_QUOTA_BYTES,
      dir: e.ATTACHMENTS_DIR ? path.resolve(e.ATTACHMENTS_DIR) : undefined,
    },
    rankings: { pairDailyLimit: e.RANKING_PAIR_DAILY_LIMIT },
    session: {
      networks: e.SESSION_NETWORKS,
      idleMs: e.SESSION_IDLE_HOURS * 3600_000,
      maxAgeMs: e.SESSION_MAX_DAYS * 86400_000,
    },
  };
}

/** Whether ADMIN_USERNAMES names this user an operator (a moderator of every room), in any case. */
export const isOperator = (config: Pick<Config, 'adminUsernames'>, username: string): boolean =>
  config.adminUsernames.has(username.toLowerCase());
