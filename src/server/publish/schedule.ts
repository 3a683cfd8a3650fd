/**
 * The nightly (REBUILD_SCHEDULE) rebuild, parsed by croner in REBUILD_TIMEZONE; 'off' disables it. The
 * occurrence ends when the build it queued has finished, so an instance killed mid-build leaves it to
 * another instance to build again (jobs/scheduler.ts).
 */
import type { ScheduledJob } from '../jobs/scheduler.ts';
import type { Coordinator } from './coordinator.ts';

export function rebuildJob(
  coordinator: Coordinator,
  opts: { schedule: string; timezone: string },
): ScheduledJob {
  return {
    name: 'nightly-rebuild',
    cron: opts.schedule,
    timezone: opts.timezone,
    run: async () => {
      const { build } = await coordinator.trigger('schedule');
      await coordinator.idle();
      const row = await coordinator.get(build.id);
      if (row?.status === 'failed') throw new Error(`build ${build.id} failed: ${row.error}`);
    },
  };
}
