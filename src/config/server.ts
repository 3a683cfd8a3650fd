/**
 * Configuration from the environment, checked once at start-up so a typo fails loudly
 * instead of at the first request. Every variable is documented in README.md.
 */
import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import * as v from 'valibot';
import { RETENTION_DEFAULTS } from '../domain/retention.ts';
import { GROUP_TIME_ZONE } from '../domain/zoned-date.ts';
import { BRAND_DEFAULTS, groupSlugFor } from './brand.ts';
import { readStorageConfig, storageProblems } from './storage.ts';

const int = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => Number(s)),
    v.number(),
    v.integer(),
    v.minValue(0),
  );

/** "500ms", "30s", "15m", "72h", "7d" in milliseconds. */
function parseDuration(s: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(s.trim());
  if (!m) return Number.NaN;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    m[2] as 'ms' | 's' | 'm' | 'h' | 'd'
  ];
  return Number(m[1]) * unit;
}

const duration = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.check(
      (s) => Number.isFinite(parseDuration(s)),
      "must be a duration like '500ms', '30s', '15m', '72h' or '7d'",
    ),
    v.transform(parseDuration),
  );

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: int(4321),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATABASE_URL: v.optional(v.string()), // default: sqlite:{DATA_DIR}/site.db
  DATA_DIR: v.optional(v.string(), 'data'),
  // The drawn demo images and brochures written to DATA_DIR/uploads at start-up (a minute on 2 cores).
  DEMO_UPLOADS: v.optional(v.picklist(['on', 'off']), 'on'),
  DEFAULT_DEALER_SLUG: v.optional(v.string(), BRAND_DEFAULTS.dealerSlug),
  GROUP_SLUG: v.optional(v.string()), // default: from BRAND_NAME, as the pages have it
  BRAND_NAME: v.optional(v.string(), BRAND_DEFAULTS.name),
  // Unset: this server's own port on localhost, so links in invitations reach it (not another port).
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url())),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  API_CACHE_TTL_MS: int(5000),
  // Memory bounds: the API micro-cache's answers, and the published pages held in memory
  // with their compressed forms (the rest are read from disk again when asked for).
  API_CACHE_MB: v.pipe(int(16), v.minValue(1, 'must be at least 1')),
  PAGE_CACHE_MB: v.pipe(int(64), v.minValue(1, 'must be at least 1')),
  // PostgreSQL outages answer 503 instead of hanging: connecting and each statement are bounded.
  PG_CONNECT_TIMEOUT: duration('5s'),
  PG_STATEMENT_TIMEOUT: duration('10s'),
  PG_POOL_MAX: v.pipe(int(10), v.minValue(1, 'must be at least 1')),
  // 1: start without building the site when no build is published yet (tests that publish their own).
  SKIP_BUILD: v.optional(v.picklist(['0', '1']), '0'),
  // Leads (docs/decisions/010-lead-pipeline.md)
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  LEAD_FROM_EMAIL: v.optional(v.pipe(v.string(), v.email()), 'website-leads@localhost.localdomain'),
  LEAD_TO_EMAIL: v.optional(v.pipe(v.string(), v.email())),
  CRM_WEBHOOK_URL: v.optional(v.pipe(v.string(), v.url())),
  CRM_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  LEAD_ENCRYPTION_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => Buffer.from(s, 'base64').length === 32,
        'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
      ),
    ),
  ),
  RATE_LIMIT_LEADS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+\/\d+(ms|s|m|h)$/, "must look like '10/60s'")),
    '10/60s',
  ),
  LEAD_DUPLICATE_WINDOW: duration('2m'),
  LEAD_RETRY_BASE: duration('5s'),
  LEAD_RETRY_MAX_DELAY: duration('15m'),
  LEAD_RETRY_MAX_AGE: duration('72h'),
  LEAD_WORKER: v.optional(v.picklist(['on', 'off']), 'on'),
  LEAD_WORKER_POLL: duration('1s'),
  LEAD_LEASE: duration('60s'),
  LEAD_SEND_TIMEOUT: duration('15s'),
  PRIVACY_NOTICE_VERSION: v.optional(v.string(), '2026-11'),
  // POPIA retention (docs/decisions/121-popia-requests.md): leads and finance applications older than this
  // many months are erased by the RETENTION_SCHEDULE job (in REBUILD_TIMEZONE); 'off' disables the job.
  LEAD_RETENTION_MONTHS: v.pipe(int(RETENTION_DEFAULTS.leadMonths), v.minValue(1, 'must be at least 1')),
  FINANCE_RETENTION_MONTHS: v.pipe(
    int(RETENTION_DEFAULTS.financeMonths),
    v.minValue(1, 'must be at least 1'),
  ),
  RETENTION_SCHEDULE: v.optional(v.string(), '30 3 * * *'),
  // Daily e-mail to each dealership of its leads still New (cron, in REBUILD_TIMEZONE); 'off' by default.
  LEAD_DIGEST_SCHEDULE: v.optional(v.string(), 'off'),
  // Deleted content and stock stay restorable ("Recently deleted", with their photos) this many days.
  DELETED_RETENTION_DAYS: v.pipe(int(30), v.minValue(1, 'must be at least 1')),
  TRUST_PROXY: int(0),
  // Publishing (docs/decisions/020-publishing.md); an unset token or secret turns that feature off (503).
  EDITOR_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  REBUILD_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  REBUILD_SCHEDULE: v.optional(v.string(), '0 2 * * *'),
  // Just after midnight (REBUILD_TIMEZONE): one rebuild if a special ended or a post or banner started.
  CONTENT_BOUNDARY_SCHEDULE: v.optional(v.string(), '1 0 * * *'),
  REBUILD_TIMEZONE: v.optional(v.string(), GROUP_TIME_ZONE),
  AUTO_PUBLISH: v.optional(v.picklist(['true', 'false']), 'true'),
  KEEP_BUILDS: v.pipe(int(5), v.minValue(2, 'must be at least 2 (the live build and one to roll back to)')),
  REBUILD_DEBOUNCE_MS: int(5000),
  // Staff accounts (docs/decisions/060-staff-auth.md)
  AUTH_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(12, 'must be at least 12 characters'))),
  STAFF_FROM_EMAIL: v.optional(v.pipe(v.string(), v.email()), 'website-admin@localhost.localdomain'),
  RATE_LIMIT_SIGN_IN: v.optional(
    v.pipe(v.string(), v.regex(/^\d+\/\d+(ms|s|m|h)$/, "must look like '5/60s'")),
    '5/60s',
  ),
  // Several instances (docs/decisions/223-several-instances.md, README "Running several instances").
  SHUTDOWN_TIMEOUT: duration('30s'),
  UPLOAD_TIMEOUT: duration('30s'),
  LIVE_BUILD_POLL: duration('1s'),
  SCHEDULE_LEASE: duration('30s'),
  // Who must sign in with a second factor (docs/decisions/200-staff-two-factor.md); default by NODE_ENV.
  STAFF_2FA: v.optional(v.picklist(['admins', 'all', 'off'], "must be 'admins', 'all' or 'off'")),
  SIGN_IN_LOCKOUT: v.optional(
    v.pipe(v.string(), v.regex(/^\d+\/\d+(ms|s|m|h)$/, "must look like '5/15m'")),
    '5/15m',
  ),
});

/** A cron expression croner accepts (5 or 6 fields) in a valid IANA time zone, or 'off'. */
function checkSchedule(pattern: string, timezone: string, name = 'REBUILD_SCHEDULE'): void {
  if (pattern === 'off') return;
  try {
    new Cron(pattern, { paused: true, timezone }).nextRun();
  } catch (err) {
    throw new Error(`Invalid configuration: ${name} '${pattern}' (${timezone}): ${(err as Error).message}`);
  }
}

export type Config = ReturnType<typeof loadConfig>;

/** The retention periods the server applies (the same variables and checks), for the privacy policy. */
export function retentionMonths(env: Record<string, string | undefined> = process.env) {
  const { LEAD_RETENTION_MONTHS, FINANCE_RETENTION_MONTHS } = EnvSchema.entries;
  const c = v.parse(v.object({ LEAD_RETENTION_MONTHS, FINANCE_RETENTION_MONTHS }), env);
  return { lead: c.LEAD_RETENTION_MONTHS, finance: c.FINANCE_RETENTION_MONTHS };
}

/** Where the built admin app is (scripts/admin-build.ts writes it, the server serves it at /admin). */
export const adminDist = (env: Record<string, string | undefined> = process.env) =>
  env.ADMIN_DIST ?? 'dist/admin';

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // Every missing or contradictory setting is named at once, not one per restart: the storage
  // settings' problems beside the rest.
  const storage = storageProblems(env);
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`);
    throw new Error(`Invalid configuration: ${[...storage, ...problems].join('; ')}`);
  }
  const c = result.output;
  const missing: string[] = [...storage];
  if (c.CRM_WEBHOOK_URL && !c.CRM_WEBHOOK_SECRET)
    missing.push('CRM_WEBHOOK_SECRET is required when CRM_WEBHOOK_URL is set');
  if (c.NODE_ENV === 'production') {
    if (!env.PUBLIC_SITE_URL)
      missing.push(
        'PUBLIC_SITE_URL is required in production (the address visitors use, e.g. https://www.example.co.za)',
      );
    if (!c.AUTH_SECRET) missing.push('AUTH_SECRET is required in production (openssl rand -base64 32)');
    if (!c.LEAD_ENCRYPTION_KEY)
      missing.push('LEAD_ENCRYPTION_KEY is required in production (openssl rand -base64 32)');
  }
  if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD))
    missing.push('set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  for (const [name, pattern] of [
    ['REBUILD_SCHEDULE', c.REBUILD_SCHEDULE],
    ['CONTENT_BOUNDARY_SCHEDULE', c.CONTENT_BOUNDARY_SCHEDULE],
    ['RETENTION_SCHEDULE', c.RETENTION_SCHEDULE],
    ['LEAD_DIGEST_SCHEDULE', c.LEAD_DIGEST_SCHEDULE],
  ] as const) {
    try {
      checkSchedule(pattern, c.REBUILD_TIMEZONE, name);
    } catch (err) {
      missing.push((err as Error).message.replace(/^Invalid configuration: /, ''));
    }
  }
  if (missing.length) throw new Error(`Invalid configuration: ${missing.join('; ')}`);
  const rate = (s: string) => {
    const [n, w] = s.split('/') as [string, string];
    return { limit: Number(n), windowMs: parseDuration(w) };
  };
  const [limit, window] = c.RATE_LIMIT_LEADS.split('/') as [string, string];
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL ?? `sqlite:${c.DATA_DIR}/site.db`,
    /** openDb options: connect and statement timeouts (PostgreSQL). */
    db: {
      connectTimeoutMs: c.PG_CONNECT_TIMEOUT,
      statementTimeoutMs: c.PG_STATEMENT_TIMEOUT,
      poolMax: c.PG_POOL_MAX,
    },
    /** Whether a first start without a published build builds the site. */
    buildOnFirstStart: c.SKIP_BUILD !== '1',
    dataDir: c.DATA_DIR,
    uploadsDir: `${c.DATA_DIR}/uploads`,
    /** Where files live: local directories under DATA_DIR, or one S3 bucket when S3_BUCKET is set. */
    storage: readStorageConfig(env, c.DATA_DIR),
    demoUploads: c.DEMO_UPLOADS === 'on',
    buildsDir: `${c.DATA_DIR}/builds`,
    defaultDealerSlug: c.DEFAULT_DEALER_SLUG,
    groupSlug: c.GROUP_SLUG ?? groupSlugFor(c.BRAND_NAME),
    brandName: c.BRAND_NAME,
    siteUrl: (c.PUBLIC_SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    logLevel: c.LOG_LEVEL,
    apiCacheTtlMs: c.API_CACHE_TTL_MS,
    /** Bytes the API micro-cache may hold (bodies, keys, headers). */
    apiCacheBytes: c.API_CACHE_MB * 1024 * 1024,
    /** Bytes of published files (and their compressed forms) held in memory. */
    pageCacheBytes: c.PAGE_CACHE_MB * 1024 * 1024,
    /** Client address = the TRUST_PROXY-th X-Forwarded-For entry from the right; 0 = the socket's peer. */
    trustProxy: c.TRUST_PROXY,
    /** SIGTERM: how long in-flight requests and jobs get before the process exits anyway. */
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT,
    /** An upload body of which no byte arrives for this long answers 408. */
    uploadTimeoutMs: c.UPLOAD_TIMEOUT,
    /** How often an instance asks which build is live (PostgreSQL also wakes it with NOTIFY). */
    liveBuildPollMs: c.LIVE_BUILD_POLL,
    /** A scheduled occurrence whose instance stopped renewing this long is run by another. */
    scheduleLeaseMs: c.SCHEDULE_LEASE,
    leads: {
      smtpUrl: c.SMTP_URL,
      fromEmail: c.LEAD_FROM_EMAIL,
      /** Sends every lead here instead of to the dealership (staging). */
      toEmailOverride: c.LEAD_TO_EMAIL,
      webhookUrl: c.CRM_WEBHOOK_URL,
      webhookSecret: c.CRM_WEBHOOK_SECRET ?? '',
      /** AES-256-GCM key; outside production a fixed development key stands in (and start-up warns). */
      encryptionKey: c.LEAD_ENCRYPTION_KEY
        ? Buffer.from(c.LEAD_ENCRYPTION_KEY, 'base64')
        : createHash('sha256').update('sdg development lead key: never use in production').digest(),
      encryptionKeyIsDev: !c.LEAD_ENCRYPTION_KEY,
      rateLimit: { limit: Number(limit), windowMs: parseDuration(window) },
      duplicateWindowMs: c.LEAD_DUPLICATE_WINDOW,
      retryBaseMs: c.LEAD_RETRY_BASE,
      retryMaxDelayMs: c.LEAD_RETRY_MAX_DELAY,
      retryMaxAgeMs: c.LEAD_RETRY_MAX_AGE,
      worker: c.LEAD_WORKER === 'on',
      pollMs: c.LEAD_WORKER_POLL,
      leaseMs: c.LEAD_LEASE,
      sendTimeoutMs: c.LEAD_SEND_TIMEOUT,
      privacyNoticeVersion: c.PRIVACY_NOTICE_VERSION,
      /** Cron expression (croner) of the daily digest of New leads, or 'off'. */
      digestSchedule: c.LEAD_DIGEST_SCHEDULE,
      retention: {
        leadMonths: c.LEAD_RETENTION_MONTHS,
        financeMonths: c.FINANCE_RETENTION_MONTHS,
        /** Cron expression (croner) or 'off'; runs in REBUILD_TIMEZONE. */
        schedule: c.RETENTION_SCHEDULE,
        timezone: c.REBUILD_TIMEZONE,
      },
    },
    publishing: {
      /** Bearer token of the editor endpoints and previews; unset: they answer 503. */
      editorToken: c.EDITOR_TOKEN,
      /** HMAC key of POST /api/hooks/rebuild; unset: it answers 503. */
      rebuildSecret: c.REBUILD_SECRET,
      /** Cron expression (croner) or 'off'. */
      schedule: c.REBUILD_SCHEDULE,
      timezone: c.REBUILD_TIMEZONE,
      /** Cron (croner) or 'off': the rebuild when dated content started or ended (publish/boundaries.ts). */
      boundarySchedule: c.CONTENT_BOUNDARY_SCHEDULE,
      autoPublish: c.AUTO_PUBLISH === 'true',
      keepBuilds: c.KEEP_BUILDS,
      debounceMs: c.REBUILD_DEBOUNCE_MS,
    },
    revisions: {
      /** Days a deleted item stays under "Recently deleted" before it and its photo files are purged. */
      retentionDays: c.DELETED_RETENTION_DAYS,
    },
    staff: {
      /** Signs session cookies and tokens; outside production a fixed development secret stands in. */
      secret: c.AUTH_SECRET ?? 'sdg development auth secret: never use in production',
      secretIsDev: !c.AUTH_SECRET,
      /** Cookies get Secure everywhere but development (plain http://localhost). */
      secureCookies: c.NODE_ENV !== 'development',
      firstAdmin: c.ADMIN_EMAIL ? { email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD as string } : undefined,
      fromEmail: c.STAFF_FROM_EMAIL,
      /** Roles that must enrol in two-factor sign-in: admins (and finance), everyone, or nobody. */
      twoFactor: c.STAFF_2FA ?? (c.NODE_ENV === 'production' ? 'admins' : 'off'),
      /** Sign-in attempts per client address and window (better-auth's limiter). */
      signInRate: rate(c.RATE_LIMIT_SIGN_IN),
      /** Wrong passwords in a row for one account, and how long it is then locked. */
      lockout: (() => {
        const r = rate(c.SIGN_IN_LOCKOUT);
        return { failures: r.limit, lockMs: r.windowMs };
      })(),
    },
  };
}
