/**
 * Lead POSTs under load for `npm run bench`: throughput and p99 of POST /api/customer_enquiries with
 * distinct leads (each with its own Idempotency-Key), flat out and at a steady rate. Then the database is
 * checked: every 201 must be one stored lead (lost = 201s without a row), and no lead may be stored twice
 * (duplicated).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { openDb } from '../../src/server/db/client.ts';
import { withLeadTables } from '../../src/server/db/schema-leads.ts';

/** The server under test needs a rate limit above the load: RATE_LIMIT_LEADS=100000000/60s. */
export const LEAD_BENCH_ENV = { RATE_LIMIT_LEADS: '100000000/60s' };

/** Lead number `i` of bench run `run`: distinct, with its own e-mail address for the count afterwards. */
function leadBody(run: string, i: number): string {
  return JSON.stringify({
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
  });
}
const leadHeaders = (run: string, i: number) => ({
  'content-type': 'application/ld+json',
  'idempotency-key': `bench-${run}-${i}`,
});

/** Every 201 must be one stored lead, and none stored twice: the run's leads counted in the database. */
async function storedLeads(dbUrl: string, run: string, accepted: number) {
  const { db, destroy } = await openDb(dbUrl);
  try {
    const rows = await withLeadTables(db)
      .selectFrom('leads')
      .select('record')
      .where('record', 'like', `%bench.${run}.%`)
      .execute();
    const distinct = new Set(rows.map((r) => JSON.parse(r.record).email)).size;
    return {
      accepted,
      stored: rows.length,
      lost: Math.max(0, accepted - distinct),
      duplicated: rows.length - distinct,
    };
  } finally {
    await destroy();
  }
}

/**
 * Flat out: `connections` clients each posting the next lead as soon as the last is answered. Here the
 * mean wait is the connections over the throughput (Little's law), so the p99 measures throughput.
 */
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
          return { ...req, headers: leadHeaders(run, i), body: leadBody(run, i) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(await storedLeads(dbUrl, run, result['2xx'])),
  };
}

/**
 * At a steady rate: leads sent at random moments, `rate` a second on average (a Poisson process, as
 * independent buyers arrive), each on its own request whatever the others are doing, for `duration`
 * seconds. Its p99 is the latency a buyer's lead has while the server takes that load. (autocannon's
 * overallRate sends each second's quota at the start of the second, a burst of them at once.)
 */
export async function steadyLeadPosts(base: string, dbUrl: string, rate: number, duration: number) {
  const run = randomUUID().slice(0, 8);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let accepted = 0;
  const post = (i: number) =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = request(
        `${base}/api/customer_enquiries`,
        { method: 'POST', agent, headers: leadHeaders(run, i) },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode === 201) accepted++;
            else errors++;
            done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(leadBody(run, i));
    });
  const sent: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 1, at = start; at - start < duration * 1000; i++) {
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.push(post(i));
    at += (-Math.log(1 - Math.random()) * 1000) / rate;
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: sent.length / duration,
    p99: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0),
    errors,
    ...(await storedLeads(dbUrl, run, accepted)),
  };
}
