/**
 * The delivery worker: claims due outbox jobs under a lease, sends them, and on failure retries with
 * exponential backoff and jitter until LEAD_RETRY_MAX_AGE, then marks the job dead. All state is in
 * the database, so a restart resumes where it stopped and several instances share the work.
 */
import { randomUUID } from 'node:crypto';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import type { Logger } from '../log.ts';
import { smtpTransport } from '../mail/transport.ts';
import { leadCrypto } from './crypto.ts';
import { loadLead, postWebhook, sendEmail } from './deliver.ts';
import { sweepKeys } from './idempotency.ts';
import { claimJobs, completeJob, failJob, maskAddresses, type OutboxJob, onOutbox } from './outbox.ts';
import { sweepRateLimits } from './rate-limit.ts';

export interface LeadWorker {
  id: string;
  /** One pass: claims and sends what is due; resolves to the number of jobs tried. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
}

const BATCH = 10;
const SWEEP_EVERY_MS = 60_000;

export function startLeadWorker(
  deps: Deps,
  logger: Logger,
  opts: { id?: string; loop?: boolean } = {},
): LeadWorker {
  const id = opts.id ?? `worker-${randomUUID().slice(0, 8)}`;
  const cfg = deps.config.leads;
  const db = withLeadTables(deps.db);
  const crypto = leadCrypto(cfg.encryptionKey);
  const transport = smtpTransport(deps.config.leads);
  const channels = [
    ...(transport ? (['email'] as const) : []),
    ...(cfg.webhookUrl ? (['webhook'] as const) : []),
  ];
  const policy = { baseMs: cfg.retryBaseMs, maxDelayMs: cfg.retryMaxDelayMs, maxAgeMs: cfg.retryMaxAgeMs };
  if (!transport)
    logger.warn('SMTP_URL is not set: lead e-mails wait in the outbox until it is', { worker: id });

  async function deliver(job: OutboxJob) {
    try {
      const lead = await loadLead(deps, crypto, job.lead_id);
      if (job.channel === 'email' && transport) await sendEmail(deps, transport, lead, job);
      else if (job.channel === 'webhook') await postWebhook(deps, lead, job);
      else throw new Error(`channel ${job.channel} is not configured`);
      const held = await completeJob(db, job, id);
      if (!held) logger.warn('lead delivered after its lease ran out', { job: job.id, channel: job.channel });
      logger.info('lead delivered', {
        worker: id,
        lead: job.lead_id,
        job: job.id,
        channel: job.channel,
        attempts: job.attempts,
      });
    } catch (err) {
      const error = maskAddresses(err instanceof Error ? err.message : String(err));
      const dead = await failJob(db, job, id, error, policy);
      (dead ? logger.error : logger.warn)(
        dead ? 'lead delivery gave up (dead letter)' : 'lead delivery failed, will retry',
        {
          lead: job.lead_id,
          job: job.id,
          channel: job.channel,
          attempts: job.attempts,
          error,
        },
      );
    }
  }

  async function runOnce(): Promise<number> {
    const jobs = await claimJobs(db, deps.dialect, {
      owner: id,
      leaseMs: cfg.leaseMs,
      limit: BATCH,
      channels,
    });
    await Promise.all(jobs.map(deliver));
    return jobs.length;
  }

  let running = opts.loop ?? true;
  let wake: (() => void) | undefined;
  let poked = false; // a lead queued while a pass was running: go again instead of sleeping
  const unsubscribe = onOutbox(() => {
    poked = true;
    wake?.();
  });
  let lastSweep = 0;

  async function loop() {
    while (running) {
      let tried = 0;
      poked = false;
      try {
        tried = await runOnce();
        if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
          lastSweep = Date.now();
          await sweepKeys(db);
          await sweepRateLimits(db);
        }
      } catch (err) {
        logger.error('lead worker pass failed', { worker: id, error: maskAddresses(String(err)) });
      }
      if (!running) break;
      if (tried === BATCH || poked) continue; // more may be due
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, cfg.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }
  const done = running ? loop() : Promise.resolve();

  return {
    id,
    runOnce,
    async stop() {
      running = false;
      wake?.();
      unsubscribe();
      await done;
      transport?.close();
    },
  };
}
