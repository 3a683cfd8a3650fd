/**
 * One instance's scheduler, alone in a process the cluster test can kill -9: it runs the job
 * `cluster-slow-job` every few seconds, which notes its start, works for a while and notes its end in
 * `cluster_job_log`. Usage: node tests/cluster/schedule-child.ts <postgres url>
 */
import { sql } from 'kysely';
import { openDb } from '../../src/server/db/client.ts';
import { createScheduler } from '../../src/server/jobs/scheduler.ts';
import { createLogger } from '../../src/server/log.ts';

const url = process.argv[2] as string;
const { db } = await openDb(url);
const scheduler = createScheduler(db, createLogger('silent'), { leaseMs: 1500, sweepMs: 250 });
const note = (due: string, event: string) =>
  sql`insert into cluster_job_log (due_at, pid, event) values (${due}, ${process.pid}, ${event})`.execute(db);
scheduler.add({
  name: 'cluster-slow-job',
  cron: '*/4 * * * * *',
  timezone: 'Africa/Johannesburg',
  run: async (_signal, occurrence) => {
    const due = occurrence.toISOString();
    await note(due, 'start');
    await new Promise((ok) => setTimeout(ok, 2000));
    await note(due, 'finish');
  },
});
process.stdout.write('ready\n');
