/**
 * Publishing tests: the real API (harness.ts) with a rebuild coordinator whose build step is a fake
 * that writes a tiny site from the database in milliseconds, can be held mid-build, and can fail.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { KeyScope } from '../../src/domain/staff-access.ts';
import { hashKey } from '../../src/server/auth/api-keys.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { signRebuild } from '../../src/server/editor/signature.ts';
import { createLogger } from '../../src/server/log.ts';
import { type Builder, type Coordinator, createCoordinator } from '../../src/server/publish/coordinator.ts';
import { publish } from '../../src/server/publish/current-link.ts';
import { type Engine, openTestApi, type TestApi } from './harness.ts';

/** The deprecated shared token (docs/decisions/061-machine-access.md); tests of it use it on purpose. */
export const EDITOR_TOKEN = 'editor-token-for-tests-0123456789';
export const REBUILD_SECRET = 'rebuild-secret-for-tests-0123456789';
/** An integration's API key with the content and build scopes; openPublishApi stores it. */
export const API_KEY = 'sdgk_publishing-tests-key-0123456789abcdefghij';
export const auth = { Authorization: `Bearer ${API_KEY}` };

/** Stores an API key with a known secret (a fixture: real keys come from createApiKey, random). */
export async function storeKnownKey(
  db: Kysely<Database>,
  key: string,
  scopes: KeyScope[] = ['builds:publish', 'content:write'],
) {
  await db
    .insertInto('api_keys')
    .values({
      id: randomUUID(),
      name: `fixture ${scopes.join(' ')}`,
      prefix: key.slice(0, 11),
      key_hash: hashKey(key),
      scopes: JSON.stringify(scopes),
      created_by: null,
      created_at: new Date().toISOString(),
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
    })
    .execute();
}
export const jsonAuth = { ...auth, 'Content-Type': 'application/json' };

export interface FakeBuilder {
  builder: Builder;
  calls: string[];
  /** What each call was given as its partial-build base (undefined: a full build). */
  bases: Parameters<Builder>[0]['base'][];
  /** The next build waits until release() is called. */
  hold: () => { started: Promise<void>; release: () => void };
  failNext: (message: string) => void;
}

/** Writes index.html with the newest blog title, an /_astro asset and a page linking to both. */
export function fakeBuilder(db: Kysely<Database>): FakeBuilder {
  const calls: string[] = [];
  const bases: Parameters<Builder>[0]['base'][] = [];
  let gate: { started: () => void; wait: Promise<void> } | null = null;
  let failure: string | null = null;
  const builder: Builder = async ({ id, outDir, base }) => {
    calls.push(id);
    bases.push(base);
    if (gate) {
      const g = gate;
      gate = null;
      g.started();
      await g.wait;
    }
    mkdirSync(join(outDir, '_astro'), { recursive: true });
    if (failure) {
      const message = failure;
      failure = null;
      writeFileSync(join(outDir, 'index.html'), 'half');
      throw new Error(message);
    }
    const post = await db
      .selectFrom('blog_posts')
      .select('title')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    writeFileSync(
      join(outDir, 'index.html'),
      `<!doctype html><html><head><link rel="stylesheet" href="/_astro/site.abc123.css"></head><body><a href="/showroom/">Showroom</a><a href="/api/dealers">API</a><img src="/uploads/banner-1.webp" alt=""><astro-island component-url="/_astro/Island.x1.js" props="{&quot;href&quot;:[0,&quot;/blog/&quot;]}"></astro-island><script data-modules="/_astro/Page.p1.js /_astro/dep.d2.js">loader()</script><h1>${post.title}</h1><p>build ${id}</p></body></html>`,
    );
    writeFileSync(join(outDir, '_astro', 'site.abc123.css'), 'body{background:url(/_astro/bg.png)}');
    mkdirSync(join(outDir, 'showroom'), { recursive: true });
    // An island whose props the build kept beside its page (decision 349).
    writeFileSync(
      join(outDir, 'showroom', 'index.html'),
      '<h1>Showroom</h1><astro-island uid="Z" component-url="/_astro/Island.x1.js" props-from="/showroom/islands.json"></astro-island>',
    );
    writeFileSync(
      join(outDir, 'showroom', 'islands.json'),
      '{"Z":{"href":[0,"/blog/"],"api":[0,"/api/dealers"],"photo":[0,"/uploads/banner-1.webp"]}}',
    );
    writeFileSync(join(outDir, '404.html'), '<h1>Not found</h1>');
    return undefined;
  };
  return {
    builder,
    calls,
    bases,
    hold: () => {
      let release = () => {};
      let started = () => {};
      const startedP = new Promise<void>((ok) => {
        started = ok;
      });
      gate = {
        started,
        wait: new Promise<void>((ok) => {
          release = ok;
        }),
      };
      return { started: startedP, release };
    },
    failNext: (m) => {
      failure = m;
    },
  };
}

export interface PublishApi extends TestApi {
  coordinator: Coordinator;
  fake: FakeBuilder;
  buildsDir: string;
  liveHtml: () => string | null;
}

export async function openPublishApi(
  engine: Engine,
  opts: { env?: Record<string, string>; autoPublish?: boolean; keep?: number; debounceMs?: number } = {},
): Promise<PublishApi> {
  const api = await openTestApi(engine, { EDITOR_TOKEN, REBUILD_SECRET, ...opts.env });
  await storeKnownKey(api.deps.db, API_KEY);
  const buildsDir = `data/test/builds-${randomUUID().slice(0, 8)}`;
  const fake = fakeBuilder(api.deps.db);
  const coordinator = createCoordinator({
    db: api.deps.db,
    buildsDir,
    apiUrl: 'http://127.0.0.1:9',
    logger: createLogger('silent'),
    autoPublish: opts.autoPublish ?? true,
    keep: opts.keep ?? 5,
    debounceMs: opts.debounceMs ?? 20,
    builder: fake.builder,
    leasePollMs: 20,
  });
  api.deps.publishing = coordinator;
  const closeApi = api.close;
  // The same object (not a copy), so a test's api.checkContract switch reaches the harness.
  return Object.assign(api, {
    coordinator,
    fake,
    buildsDir,
    liveHtml: () => {
      try {
        return readFileSync(join(buildsDir, 'current', 'index.html'), 'utf8');
      } catch {
        return null;
      }
    },
    close: async () => {
      await coordinator.stop();
      rmSync(buildsDir, { recursive: true, force: true });
      await closeApi();
    },
  });
}

export function signedHook(
  body = '{"reason":"test"}',
  at = Math.floor(Date.now() / 1000),
  secret = REBUILD_SECRET,
) {
  const timestamp = String(at);
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Rebuild-Timestamp': timestamp,
      'X-Rebuild-Signature': signRebuild(secret, timestamp, body),
    },
    body,
  };
}

/** A published build `b1` in `buildsDir` with a home page, /blog/ and a 404 page, each page a few KB. */
export function publishTwoPageSite(buildsDir: string) {
  rmSync(buildsDir, { recursive: true, force: true });
  mkdirSync(join(buildsDir, 'b1', 'blog'), { recursive: true });
  writeFileSync(join(buildsDir, 'b1', 'index.html'), '<h1>home</h1>'.repeat(100));
  writeFileSync(join(buildsDir, 'b1', 'blog', 'index.html'), '<h1>blog</h1>'.repeat(100));
  writeFileSync(join(buildsDir, 'b1', '404.html'), '<h1>Oops</h1>');
  publish(buildsDir, 'b1');
}
