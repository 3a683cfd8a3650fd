/** The nightly (REBUILD_SCHEDULE) rebuild, parsed by croner in REBUILD_TIMEZONE. 'off' disables it. */
import { Cron } from 'croner';
import type { Logger } from '../log.ts';
import type { Coordinator } from './coordinator.ts';

export function startSchedule(
  coordinator: Coordinator,
  opts: { schedule: string; timezone: string; logger: Logger },
): () => void {
  if (opts.schedule === 'off') return () => {};
  const job = new Cron(opts.schedule, { timezone: opts.timezone, protect: true }, () => {
    coordinator
      .trigger('schedule')
      .catch((err) => opts.logger.error('scheduled rebuild could not be queued', { error: String(err) }));
  });
  opts.logger.info('rebuild schedule', {
    cron: opts.schedule,
    timezone: opts.timezone,
    next: job.nextRun()?.toISOString(),
  });
  return () => job.stop();
}
