/** Site builds (docs/decisions/020-publishing.md): status, timing and preview link. */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

export const BUILD_STATUSES = [
  'queued',
  'building',
  'succeeded',
  'failed',
  'published',
  'discarded',
] as const;
export const BUILD_TRIGGERS = ['manual', 'schedule', 'webhook', 'content', 'first-start'] as const;

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
