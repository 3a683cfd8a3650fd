/**
 * Lead POSTs under load for `npm run bench`: throughput and p99 of POST /api/customer_enquiries with
 * distinct leads (each with its own Idempotency-Key), then the database is checked: every 201 must be
 * one stored lead (lost = 201s without a row), and no lead may be stored twice (duplicated).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { openDb } from '../../src/server/db/client.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';

/** The server under test needs a rate limit above the load: RATE_LIMIT_LEADS=100000000/60s. */
export const LEAD_BENCH_ENV = { RATE_LIMIT_LEADS: '100000000/60s' };

export async function benchLeadPosts(base: string, dbUrl: string, connections: number, duration: number) {
  const run = randomUUID().slice(0, 8);
  let n = 0;
  const result = await autocannon({
    url: `${base}/api/customer_enquiries`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = ++n;
          return {
            ...req,
            headers: { 'content-type': 'application/ld+json', 'idempotency-key': `bench-${run}-${i}` },
            body: JSON.stringify({
              form_name: 'used',
              vehicle_id: 100001,
              make: 'Subaru',
              model: 'Forester',
              first_name: 'Bench',
              last_name: `Visitor ${i}`,
              email: `bench.${run}.${i}@example.co.za`,
              cell_phone: '082 123 4567',
              message: 'Is this car still available?',
              contact: true,
              terms: true,
              uri: '/pre-owned/subaru/forester/100001/enquire',
            }),
          };
        },
      },
    ],
  });
  const { db, destroy } = await openDb(dbUrl);
  try {
    const rows = await withLeadTables(db)
      .selectFrom('leads')
      .select('record')
      .where('record', 'like', `%bench.${run}.%`)
      .execute();
    const distinct = new Set(rows.map((r) => JSON.parse(r.record).email)).size;
    const accepted = result['2xx'];
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      accepted,
      stored: rows.length,
      lost: Math.max(0, accepted - distinct),
      duplicated: rows.length - distinct,
    };
  } finally {
    await destroy();
  }
}
