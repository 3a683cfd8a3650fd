/** Site builds (docs/decisions/020-publishing.md): status, timing and preview link. */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

const BUILD_STATUSES = ['queued', 'building', 'succeeded', 'failed', 'published', 'discarded'] as const;
const BUILD_TRIGGERS = ['manual', 'schedule', 'webhook', 'content', 'first-start'] as const;

const time = v.nullable(v.string());

export const Build = named(
  'Build',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Build'),
    id: v.string(),
    status: v.picklist(BUILD_STATUSES),
    trigger: v.picklist(BUILD_TRIGGERS),
    coalesced: v.pipe(int, v.description('Further triggers this build absorbed while queued.')),
    auto_publish: v.boolean(),
    current: v.pipe(v.boolean(), v.description('It is the live site.')),
    queued_at: v.string(),
    started_at: time,
    finished_at: time,
    duration_ms: v.nullable(v.number()),
    error: v.nullable(v.string()),
    published_at: time,
    pruned: v.boolean(),
    preview_url: v.nullable(v.string()),
    started_by: v.pipe(
      v.nullable(v.string()),
      v.description(
        "Who asked for it: a staff member's name, an API key's name, 'scheduler', 'webhook'; for a content build the editors whose changes it carries.",
      ),
    ),
    pages: v.pipe(v.nullable(int), v.description('Pages it produced (once succeeded).')),
    progress: v.pipe(
      v.nullable(
        v.object({
          pages_written: int,
          expected_pages: v.pipe(v.nullable(int), v.description('The last succeeded build’s page count.')),
        }),
      ),
      v.description('While building: pages written so far.'),
    ),
    coalesced_into_queued: v.optional(
      v.pipe(v.boolean(), v.description('Only on 202: the trigger joined a build already queued.')),
    ),
  }),
);
export type Build = v.InferOutput<typeof Build>;

export const BuildRequest = v.object({
  publish: v.optional(
    v.pipe(v.boolean('publish: must be true or false.'), v.description('Default: AUTO_PUBLISH.')),
  ),
});

const Paths = (what: string) => v.pipe(v.array(v.string()), v.description(what));

/** GET /api/builds/{id}/changes: what a build changes against another (by default the live one). */
export const BuildChanges = named(
  'BuildChanges',
  v.object({
    '@context': v.string(),
    '@id': v.string(),
    '@type': v.literal('BuildChanges'),
    build: v.string(),
    against: v.pipe(
      v.string(),
      v.description('The build compared with: the live one unless ?against= names another.'),
    ),
    added: Paths('Page paths only in this build, e.g. /special-offers/new-offer/.'),
    removed: Paths('Page paths only in the build compared with.'),
    changed: Paths('Page paths in both whose HTML differs.'),
    unchanged: v.pipe(int, v.description('How many pages are the same byte for byte.')),
  }),
);
export type BuildChanges = v.InferOutput<typeof BuildChanges>;

export const BuildChangesQuery = v.object({
  against: v.optional(v.pipe(v.string(), v.description('Another build’s id; default: the live build.'))),
});

const ContentChange = v.object({
  at: v.string(),
  action: v.pipe(v.string(), v.description('content.create|update|delete, stock.…')),
  resource: v.nullable(v.string()),
  resource_id: v.nullable(v.string()),
  actor: v.nullable(v.string()),
});

/** GET /api/builds/pending: content changed since the live build started, not yet live. */
export const PendingContent = named(
  'PendingContent',
  v.object({
    '@context': v.string(),
    '@id': v.string(),
    '@type': v.literal('PendingContent'),
    live_build: v.nullable(v.string()),
    since: v.pipe(v.nullable(v.string()), v.description('When the live build started reading content.')),
    total: v.pipe(int, v.description('Changes since then (the newest 50 are listed).')),
    changes: v.array(ContentChange),
    covered_by: v.pipe(
      v.nullable(v.string()),
      v.description('A build started after the last change (queued, building or waiting to be published).'),
    ),
  }),
);
export type PendingContent = v.InferOutput<typeof PendingContent>;
