/**
 * Builds (issue 6): the status list and editor actions behind the editor token, and the signed
 * rebuild webhook. A process without a coordinator (e.g. `npm run build`'s embedded API) answers 503.
 */
import { type Context, Hono } from 'hono';
import type { Build } from '../../lib/contract.ts';
import type { Deps } from '../deps.ts';
import { disabled, requireEditor } from '../editor/auth.ts';
import { verifyRebuild } from '../editor/signature.ts';
import { collection, item, problem } from '../hydra.ts';
import { type BuildRow, type Coordinator, PublishError } from '../publish/coordinator.ts';

export function presentBuild(b: BuildRow, current: string | null): Build {
  return {
    '@id': `/api/builds/${b.id}`,
    '@type': 'Build',
    id: b.id,
    status: b.status,
    trigger: b.trigger,
    coalesced: b.coalesced,
    auto_publish: b.auto_publish === 1,
    current: b.id === current,
    queued_at: b.queued_at,
    started_at: b.started_at,
    finished_at: b.finished_at,
    duration_ms: b.duration_ms,
    error: b.error,
    published_at: b.published_at,
    pruned: b.pruned_at !== null,
    preview_url: b.pruned_at || !['succeeded', 'published'].includes(b.status) ? null : `/_preview/${b.id}/`,
  };
}

export function buildRoutes(deps: Deps) {
  const app = new Hono();
  const coordinator = (c: Context): Coordinator | Response =>
    deps.publishing ?? problem(c, 503, 'Service Unavailable', 'This process does not run builds.');
  const act = async (c: Context, fn: (p: Coordinator) => Promise<BuildRow>) => {
    const p = coordinator(c);
    if (p instanceof Response) return p;
    try {
      const b = presentBuild(await fn(p), p.currentId());
      return item(c, 'Build', b['@id'], b);
    } catch (err) {
      if (err instanceof PublishError)
        return problem(c, err.status, err.status === 404 ? 'Not Found' : 'Conflict', err.message);
      throw err;
    }
  };
  const accepted = async (c: Context, p: Coordinator, trigger: 'manual' | 'webhook', publish?: boolean) => {
    const { build, coalesced } = await p.trigger(trigger, publish === undefined ? {} : { publish });
    const b = { ...presentBuild(build, p.currentId()), coalesced_into_queued: coalesced };
    return c.body(JSON.stringify({ '@context': '/api/contexts/Build', ...b }), 202, {
      'Content-Type': 'application/ld+json; charset=utf-8',
      Location: b['@id'],
    });
  };

  app.use('/builds', requireEditor(deps));
  app.use('/builds/*', requireEditor(deps));

  app.get('/builds', async (c) => {
    const p = coordinator(c);
    if (p instanceof Response) return p;
    const current = p.currentId();
    const rows = (await p.list(100)).map((b) => presentBuild(b, current));
    return collection(c, 'Build', rows, rows.length);
  });
  app.post('/builds', async (c) => {
    const p = coordinator(c);
    if (p instanceof Response) return p;
    // Optional body {"publish": true|false}; the default follows AUTO_PUBLISH.
    let publish: boolean | undefined;
    const text = await c.req.text();
    if (text.trim()) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return problem(c, 400, 'Bad Request', 'The request body is not valid JSON.');
      }
      const value = (body as { publish?: unknown } | null)?.publish;
      if (value !== undefined && typeof value !== 'boolean')
        return problem(c, 400, 'Bad Request', 'publish: must be true or false.');
      publish = value as boolean | undefined;
    }
    return accepted(c, p, 'manual', publish);
  });
  app.post('/builds/rollback', (c) => act(c, (p) => p.rollback()));
  app.get('/builds/:id', (c) =>
    act(c, async (p) => {
      const b = await p.get(c.req.param('id'));
      if (!b) throw new PublishError(404, `Build '${c.req.param('id')}' was not found.`);
      return b;
    }),
  );
  app.post('/builds/:id/publish', (c) => act(c, (p) => p.publish(c.req.param('id'))));
  app.post('/builds/:id/discard', (c) => act(c, (p) => p.discard(c.req.param('id'))));

  app.post('/hooks/rebuild', async (c) => {
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
  });
  return app;
}
