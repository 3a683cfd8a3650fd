/**
 * Builds: the status list and editor actions behind the editor token, and the signed
 * rebuild webhook. A process without a coordinator (e.g. `npm run build`'s embedded API) answers 503.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  Build,
  BuildChanges,
  BuildChangesQuery,
  BuildRequest,
  PendingContent,
} from '../../contract/builds.ts';
import { audit } from '../auth/audit.ts';
import { byWhom, requireScope } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { verifyRebuild } from '../editor/signature.ts';
import { parseJsonObject } from '../http/json-body.ts';
import { checkPath, checkQuery, pathText } from '../http/params.ts';
import { disabled } from '../http/secrets.ts';
import { collection, item, problem } from '../hydra.ts';
import {
  collectionOk,
  jsonBody,
  ld,
  operation,
  problems,
  staffGuard,
  staffOperations,
} from '../openapi/describe.ts';
import { columns } from '../present.ts';
import { type BuildRow, type Coordinator, PublishError } from '../publish/coordinator.ts';
import { comparePages } from '../publish/manifest.ts';
import { pendingContent } from '../publish/pending.ts';
import { type BuildProgress, pagesWritten } from '../publish/progress.ts';

function presentBuild(b: BuildRow, current: string | null, progress: BuildProgress | null = null): Build {
  return {
    '@id': `/api/builds/${b.id}`,
    '@type': 'Build',
    ...columns(b, ['id', 'status', 'trigger', 'coalesced']),
    auto_publish: b.auto_publish === 1,
    current: b.id === current,
    ...columns(b, ['queued_at', 'started_at', 'finished_at', 'duration_ms', 'error', 'published_at']),
    pruned: b.pruned_at !== null,
    preview_url: b.pruned_at || !['succeeded', 'published'].includes(b.status) ? null : `/_preview/${b.id}/`,
    ...columns(b, ['started_by', 'pages']),
    progress,
  };
}

/**
 * A running build's pages so far, against the page count of the newest earlier build that has one. The
 * building instance records the count in the row every few seconds, so any instance can answer; the
 * builder itself counts its files for the freshest figure.
 */
function progressOf(p: Coordinator, b: BuildRow, rows: BuildRow[]): BuildProgress | null {
  if (b.status !== 'building') return null;
  const earlier = rows.find((r) => r.id < b.id && r.pages !== null);
  const here = pagesWritten(b.id, `${p.buildsDir}/${b.id}`);
  return {
    pages_written: Math.max(here, b.pages_written ?? 0),
    expected_pages: earlier?.pages ?? null,
  };
}

const guarded = staffGuard('The role or key lacks builds:publish.', [
  503,
  'This process does not run builds.',
]);
const op = staffOperations('Builds', guarded);
const byId = checkPath(v.object({ id: pathText('Build id') }));

export function buildRoutes(deps: Deps) {
  const app = new Hono();
  const coordinator = (c: Context): Coordinator | Response =>
    deps.publishing ?? problem(c, 503, 'Service Unavailable', 'This process does not run builds.');
  const act = async (c: Context, fn: (p: Coordinator) => Promise<BuildRow>, action?: string) => {
    const p = coordinator(c);
    if (p instanceof Response) return p;
    try {
      const row = await fn(p);
      const b = presentBuild(
        row,
        p.currentId(),
        row.status === 'building' ? progressOf(p, row, await p.list(20)) : null,
      );
      if (action)
        await audit(c, deps.db, deps.config.trustProxy, { action, resource: 'builds', resourceId: b.id });
      return item(c, 'Build', b['@id'], b);
    } catch (err) {
      if (err instanceof PublishError)
        return problem(c, err.status, err.status === 404 ? 'Not Found' : 'Conflict', err.message);
      throw err;
    }
  };
  const accepted = async (c: Context, p: Coordinator, trigger: 'manual' | 'webhook', publish?: boolean) => {
    const by = trigger === 'manual' ? byWhom(c) : undefined;
    const { build, coalesced } = await p.trigger(trigger, publish === undefined ? { by } : { publish, by });
    const b = { ...presentBuild(build, p.currentId()), coalesced_into_queued: coalesced };
    return c.body(JSON.stringify({ '@context': '/api/contexts/Build', ...b }), 202, {
      'Content-Type': 'application/ld+json; charset=utf-8',
      Location: b['@id'],
    });
  };

  // '/builds/*' also matches '/builds' itself.
  app.use('/builds/*', requireScope(deps, 'builds:publish'));

  app.get(
    '/builds',
    op('Builds, newest first: status, trigger, timing, error, preview URL.', collectionOk(Build)),
    async (c) => {
      const p = coordinator(c);
      if (p instanceof Response) return p;
      const current = p.currentId();
      const all = await p.list(100);
      const rows = all.map((b) => presentBuild(b, current, progressOf(p, b, all)));
      return collection(c, 'Build', rows, rows.length);
    },
  );
  app.post(
    '/builds',
    op(
      'Start a build now. Coalesces with a queued one.',
      { 202: ld(Build, 'Queued (or joined a queued build); Location names it.'), ...problems(400, 413) },
      { requestBody: jsonBody(BuildRequest, false) },
    ),
    async (c) => {
      const p = coordinator(c);
      if (p instanceof Response) return p;
      // Optional body {"publish": true|false}; the default follows AUTO_PUBLISH.
      let publish: boolean | undefined;
      const text = await c.req.text();
      if (text.trim()) {
        const value = parseJsonObject(text).publish;
        if (value !== undefined && typeof value !== 'boolean')
          return problem(c, 400, 'Bad Request', 'publish: must be true or false.');
        publish = value as boolean | undefined;
      }
      const res = await accepted(c, p, 'manual', publish);
      await audit(c, deps.db, deps.config.trustProxy, {
        action: 'build.start',
        resource: 'builds',
        resourceId: res.headers.get('Location')?.split('/').pop(),
      });
      return res;
    },
  );
  app.post(
    '/builds/rollback',
    op('Switch back to the build that was live before the current one.', {
      200: ld(Build, 'Now live'),
      ...problems([409, 'Nothing to roll back to.']),
    }),
    (c) => act(c, (p) => p.rollback(), 'build.rollback'),
  );
  app.get(
    '/builds/pending',
    op(
      'Content changed since the live build started (editor and stock writes from the audit log), and the build that will carry it, if any.',
      { 200: ld(PendingContent, 'OK') },
    ),
    async (c) => {
      const p = coordinator(c);
      if (p instanceof Response) return p;
      const pending = await pendingContent(deps.db, p);
      return c.json({ '@context': '/api/contexts/PendingContent', ...pending }, 200, {
        'Content-Type': 'application/ld+json; charset=utf-8',
      });
    },
  );
  app.get(
    '/builds/:id/changes',
    op(
      'What a build changes against the live build (or ?against=<id>): page paths added, removed and changed, from the page manifests written when each build succeeded.',
      {
        200: ld(BuildChanges, 'OK'),
        ...problems(404, [409, 'Nothing is live to compare with, or a build has no page manifest.']),
      },
    ),
    byId,
    checkQuery(BuildChangesQuery),
    async (c) => {
      const p = coordinator(c);
      if (p instanceof Response) return p;
      const { id } = c.req.valid('param');
      const { against: asked } = c.req.valid('query');
      for (const b of [id, asked]) {
        if (b !== undefined && !(await p.get(b)))
          return problem(c, 404, 'Not Found', `Build '${b}' was not found.`);
      }
      const against = asked ?? p.currentId();
      if (!against)
        return problem(c, 409, 'Conflict', 'No build is live yet, so there is nothing to compare with.');
      const [next, base] = await Promise.all([p.pageManifest(id), p.pageManifest(against)]);
      const missing = !next ? id : !base ? against : null;
      if (missing || !next || !base)
        return problem(
          c,
          409,
          'Conflict',
          `Build '${missing}' has no page manifest (it did not succeed, or it was built before manifests were kept), so its pages cannot be compared.`,
        );
      const body: BuildChanges = {
        '@context': '/api/contexts/BuildChanges',
        '@id': `/api/builds/${id}/changes`,
        '@type': 'BuildChanges',
        build: id,
        against,
        ...comparePages(base, next),
      };
      return c.json(body, 200, { 'Content-Type': 'application/ld+json; charset=utf-8' });
    },
  );
  app.get('/builds/:id', op('One build.', { 200: ld(Build, 'OK'), ...problems(404) }), byId, (c) =>
    act(c, async (p) => {
      const b = await p.get(c.req.valid('param').id);
      if (!b) throw new PublishError(404, `Build '${c.req.param('id')}' was not found.`);
      return b;
    }),
  );
  app.post(
    '/builds/:id/publish',
    op('Make a succeeded build the live site (atomic).', {
      200: ld(Build, 'Published'),
      ...problems(404, [409, 'Not publishable.']),
    }),
    byId,
    (c) => act(c, (p) => p.publish(c.req.valid('param').id), 'build.publish'),
  );
  app.post(
    '/builds/:id/discard',
    op('Delete a preview build that is not live.', {
      200: ld(Build, 'Discarded'),
      ...problems(404, [409, 'Live or still building.']),
    }),
    byId,
    (c) => act(c, (p) => p.discard(c.req.valid('param').id), 'build.discard'),
  );

  app.post(
    '/hooks/rebuild',
    operation({
      summary:
        'Signed rebuild webhook: X-Rebuild-Signature is sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" with REBUILD_SECRET>. Stale (>5 min) or replayed signatures are refused.',
      tags: ['Builds'],
      parameters: [
        {
          name: 'X-Rebuild-Timestamp',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 'Unix seconds',
        },
        { name: 'X-Rebuild-Signature', in: 'header', required: true, schema: { type: 'string' } },
      ],
      responses: {
        202: ld(Build, 'Build queued or coalesced'),
        ...problems([401, 'Bad, stale or replayed signature; the detail says which.'], 413, [
          503,
          'REBUILD_SECRET is not set, or this process does not run builds.',
        ]),
      },
    }),
    async (c) => {
      const secret = deps.config.publishing.rebuildSecret;
      if (!secret) return disabled(c, 'The rebuild webhook', 'REBUILD_SECRET');
      const body = await c.req.text();
      const verdict = await verifyRebuild(
        deps.db,
        secret,
        { timestamp: c.req.header('X-Rebuild-Timestamp'), signature: c.req.header('X-Rebuild-Signature') },
        body,
      );
      if (!verdict.ok) {
        c.header('WWW-Authenticate', 'HMAC-SHA256 realm="rebuild"');
        return problem(c, 401, 'Unauthorized', verdict.reason);
      }
      const p = coordinator(c);
      if (p instanceof Response) return p;
      return accepted(c, p, 'webhook');
    },
  );
  return app;
}
