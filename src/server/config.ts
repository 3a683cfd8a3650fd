/**
 * Configuration from the environment, checked once at start-up so a typo fails loudly
 * instead of at the first request. Every variable is documented in README.md.
 */
import * as v from 'valibot';

const int = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => Number(s)),
    v.number(),
    v.integer(),
    v.minValue(0),
  );

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: int(4321),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATABASE_URL: v.optional(v.string(), 'sqlite:data/site.db'),
  DATA_DIR: v.optional(v.string(), 'data'),
  DEFAULT_DEALER_SLUG: v.optional(v.string(), 'motus-subaru-west-rand'),
  GROUP_SLUG: v.optional(v.string(), 'motus-subaru'),
  BRAND_NAME: v.optional(v.string(), 'Subaru'),
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url()), 'http://localhost:4321'),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const problems = result.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = result.output;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    uploadsDir: `${c.DATA_DIR}/uploads`,
    buildsDir: `${c.DATA_DIR}/builds`,
    defaultDealerSlug: c.DEFAULT_DEALER_SLUG,
    groupSlug: c.GROUP_SLUG,
    brandName: c.BRAND_NAME,
    siteUrl: c.PUBLIC_SITE_URL.replace(/\/$/, ''),
    logLevel: c.LOG_LEVEL,
  };
}
