/**
 * Content not yet live: editor and stock writes recorded in the audit log after the live
 * build started reading content, and the build, if any, that will carry them (a queued build, or one
 * that started after the last change and is building or waiting as a preview).
 */
import type { Kysely } from 'kysely';
import type { PendingContent } from '../../contract/builds.ts';
import type { Database } from '../db/schema.ts';
import type { Coordinator } from './coordinator.ts';

/** Audit actions that change what the public site shows. */
const CONTENT_ACTIONS = ['content.%', 'stock.%', 'photo.%'];
const LISTED = 50;

export async function pendingContent(
  db: Kysely<Database>,
  p: Coordinator,
): Promise<Omit<PendingContent, '@context'>> {
  const liveId = p.currentId();
  const live = liveId ? await p.get(liveId) : undefined;
  const since = live ? (live.started_at ?? live.queued_at) : null;
  let q = db
    .selectFrom('audit_log')
    .where((eb) => eb.or(CONTENT_ACTIONS.map((a) => eb('action', 'like', a))));
  if (since) q = q.where('at', '>', since);
  const [rows, count] = await Promise.all([
    q
      .select(['at', 'action', 'resource', 'resource_id', 'actor_name'])
      .orderBy('at', 'desc')
      .limit(LISTED)
      .execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  const last = rows[0]?.at;
  const builds = last ? await p.list(20) : [];
  const cover = builds.find(
    (b) =>
      b.id !== liveId &&
      (b.status === 'queued' ||
        ((b.status === 'building' || b.status === 'succeeded') &&
          !!b.started_at &&
          b.started_at >= (last ?? ''))),
  );
  return {
    '@id': '/api/builds/pending',
    '@type': 'PendingContent',
    live_build: liveId,
    since,
    total: Number(count?.n ?? 0),
    changes: rows.map((r) => ({
      at: r.at,
      action: r.action,
      resource: r.resource,
      resource_id: r.resource_id,
      actor: r.actor_name,
    })),
    covered_by: cover?.id ?? null,
  };
}
