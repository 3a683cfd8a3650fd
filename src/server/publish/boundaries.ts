/**
 * The rebuild at content's own boundaries. Shortly after midnight on the group's clock
 * (CONTENT_BOUNDARY_SCHEDULE, in REBUILD_TIMEZONE) the job looks whether a special or service deal ended
 * (the day after valid_until began) or a blog post or banner started (publish_from began) since the newest
 * build started; if so it queues one rebuild, so the site drops expired offers and shows scheduled posts
 * without anyone publishing. Each occurrence runs once across instances (jobs/scheduler.ts); a second
 * run finds the build it queued newer than the boundary and queues nothing. The rule of what is live is
 * domain/content-window.ts, the same the public API applies.
 */
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../config/clock.ts';
import { type ContentWindow, crossedBoundary } from '../../domain/content-window.ts';
import type { Database } from '../db/schema.ts';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import type { Coordinator } from './coordinator.ts';

export const BOUNDARY_JOB = 'content-boundaries';

/** Every dated item's window: specials' and service deals' ends, posts' and banners' starts. */
async function windows(db: Kysely<Database>): Promise<ContentWindow[]> {
  const [specials, posts, banners] = await Promise.all([
    db.selectFrom('specials').select('valid_until').execute(),
    db.selectFrom('blog_posts').select('publish_from').where('publish_from', 'is not', null).execute(),
    db.selectFrom('banners').select('publish_from').where('publish_from', 'is not', null).execute(),
  ]);
  return [...specials, ...posts, ...banners];
}

/**
 * Whether the site is stale at `now`: a boundary passed since the newest build that read the API began.
 * A build still queued will read the content as it is then, so nothing more is needed.
 */
async function boundaryPassed(db: Kysely<Database>, now: Date, timeZone: string): Promise<boolean> {
  const queued = await db.selectFrom('builds').select('id').where('status', '=', 'queued').executeTakeFirst();
  if (queued) return false;
  const newest = await db
    .selectFrom('builds')
    .select('started_at')
    .where('status', 'in', ['building', 'succeeded', 'published'])
    .where('started_at', 'is not', null)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  // Never built: the first start builds the site anyway.
  if (!newest?.started_at) return false;
  return crossedBoundary(await windows(db), new Date(newest.started_at), now, timeZone);
}

export function boundaryRebuildJob(
  db: Kysely<Database>,
  coordinator: Coordinator,
  opts: { schedule: string; timezone: string; clock?: Clock },
): ScheduledJob {
  const clock = opts.clock ?? systemClock;
  return {
    name: BOUNDARY_JOB,
    cron: opts.schedule,
    timezone: opts.timezone,
    run: async () => {
      if (!(await boundaryPassed(db, clock.now(), opts.timezone))) return;
      const { build } = await coordinator.trigger('schedule', { by: 'content dates' });
      await coordinator.idle();
      const row = await coordinator.get(build.id);
      if (row?.status === 'failed') throw new Error(`build ${build.id} failed: ${row.error}`);
    },
  };
}
