/**
 * The build lease (docs/decisions/020-publishing.md): one row in `build_leases` says which instance may
 * build. Instances on one database take turns; a lease not renewed within `leaseMs` (its holder died)
 * can be taken over.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface Lease {
  /** Waits until this instance holds the lease; false when stopped while waiting. */
  acquire: () => Promise<boolean>;
  release: () => Promise<void>;
  /** Keeps the held lease alive until the returned function is called. */
  keepAlive: (onError: (err: unknown) => void) => () => void;
  /** Whether an instance (this one or another) holds an unexpired lease right now. */
  held: () => Promise<boolean>;
  /** Ends any wait in acquire(). */
  stop: () => void;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export function createLease(
  db: Kysely<Database>,
  opts: { name?: string; leaseMs?: number; pollMs?: number } = {},
): Lease {
  const name = opts.name ?? 'site';
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 2_000;
  const instance = randomUUID();
  let stopped = false;

  const extend = () =>
    db
      .updateTable('build_leases')
      .set({ expires_at: Date.now() + leaseMs })
      .where('name', '=', name)
      .where('owner', '=', instance)
      .execute();

  return {
    async acquire() {
      await db
        .insertInto('build_leases')
        .values({ name, owner: null, expires_at: 0 })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      while (!stopped) {
        const t = Date.now();
        const r = await db
          .updateTable('build_leases')
          .set({ owner: instance, expires_at: t + leaseMs })
          .where('name', '=', name)
          .where((eb) =>
            eb.or([eb('owner', 'is', null), eb('owner', '=', instance), eb('expires_at', '<', t)]),
          )
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) return true;
        await sleep(pollMs);
      }
      return false;
    },
    async release() {
      await db
        .updateTable('build_leases')
        .set({ owner: null, expires_at: 0 })
        .where('name', '=', name)
        .where('owner', '=', instance)
        .execute();
    },
    keepAlive(onError) {
      const timer = setInterval(() => extend().catch(onError), leaseMs / 3);
      return () => clearInterval(timer);
    },
    async held() {
      const row = await db.selectFrom('build_leases').selectAll().where('name', '=', name).executeTakeFirst();
      return !!row?.owner && row.expires_at > Date.now();
    },
    stop() {
      stopped = true;
    },
  };
}
