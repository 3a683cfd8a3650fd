/**
 * The lead POST pipeline shared by enquiries and finance applications: media type (415, jsonType), per-client
 * rate limit (429 + Retry-After, limitLeads), JSON object (400, jsonObject), then acceptLead: idempotency
 * (replay / 409 / 422), validation (422 with violations), honeypot, one transaction and a 201.
 * routes/leads.ts chains them; docs/decisions/010-lead-pipeline.md.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import type { JsonBodyEnv } from '../http/json-body.ts';
import { clientAddress } from '../http/proxy.ts';
import { errorResponse, LD_JSON, problem, statusTitle, violationError } from '../hydra.ts';
import type { LeadCrypto } from './crypto.ts';
import { canonicalJson, claimKey, completeKey, KeyTakenOver, releaseKey, sha256 } from './idempotency.ts';
import { hitRateLimit } from './rate-limit.ts';
import type { LeadKind } from './records.ts';
import { newLeadId, storeLead } from './store.ts';

/** The honeypot: a field people never see (hidden by CSS, skipped by screen readers), bots fill in. */
export const HONEYPOT_FIELD = 'website';
const KEY_TTL_MS = 24 * 3_600_000;

type LeadEnv = { Variables: JsonBodyEnv['Variables'] & { ipHash: string } };

/** 429 + Retry-After once a client (by hashed address) sent too many leads; sets `c.var.ipHash`. */
export function limitLeads(deps: Deps, crypto: LeadCrypto) {
  const db = withLeadTables(deps.db);
  return createMiddleware<{ Variables: { ipHash: string } }>(async (c, next) => {
    const ipHash = crypto.hashIp(clientAddress(c, deps.config.trustProxy));
    const limited = await hitRateLimit(db, 'leads', ipHash, deps.config.leads.rateLimit);
    if (!limited.allowed) {
      c.header('Retry-After', String(limited.retryAfterSeconds));
      return problem(
        c,
        429,
        statusTitle(429),
        `Too many submissions. Please try again in ${limited.retryAfterSeconds} seconds.`,
      );
    }
    c.set('ipHash', ipHash);
    await next();
  });
}

export async function acceptLead(c: Context<LeadEnv>, deps: Deps, crypto: LeadCrypto, kind: LeadKind) {
  const { config } = deps;
  const db = withLeadTables(deps.db);
  const input = c.var.body;
  const ipHash = c.var.ipHash;

  const header = c.req.header('idempotency-key');
  if (header !== undefined && !/^[\x21-\x7e]{1,200}$/.test(header)) {
    return problem(c, 400, statusTitle(400), 'Idempotency-Key: must be 1 to 200 visible ASCII characters.');
  }
  // Without a key, an identical payload from the same client within the duplicate window is the same lead.
  const requestHash = sha256(canonicalJson(input));
  const ttl = header ? KEY_TTL_MS : config.leads.duplicateWindowMs;
  const key =
    ttl > 0
      ? `${kind.collection} ${header ? `key:${header}` : `auto:${sha256(`${ipHash} ${requestHash}`)}`}`
      : undefined;
  let claimed: { key: string; owner: string } | undefined;
  if (key) {
    const claim = await claimKey(db, key, requestHash, ttl);
    if (claim.kind === 'mismatch') {
      return problem(
        c,
        422,
        statusTitle(422),
        'Idempotency-Key: this key was already used for a different request body.',
      );
    }
    if (claim.kind === 'in_flight') return stillRunning(c);
    if (claim.kind === 'replay') return answer(c, claim.status, claim.body, true);
    claimed = { key, owner: claim.owner };
  }

  try {
    const id = newLeadId();
    const prepared = await kind.prepare(deps, crypto, input, { id, ipHash, now: new Date().toISOString() });
    if (!prepared.ok) {
      if (claimed) await releaseKey(db, claimed.key, claimed.owner);
      return errorResponse(c, violationError(prepared.violations));
    }
    const text = JSON.stringify(prepared.lead.record);
    const filled = input[HONEYPOT_FIELD];
    if (
      typeof filled === 'string'
        ? filled.trim() !== ''
        : filled !== undefined && filled !== null && filled !== false
    ) {
      // A bot: it sees the same success a person would, and nothing is stored or delivered.
      if (claimed) await completeKey(db, claimed.key, claimed.owner, 201, text);
      return answer(c, 201, text, false);
    }
    await storeLead(deps, prepared.lead, { status: 201, body: text }, claimed);
    return answer(c, 201, text, false);
  } catch (err) {
    // Taken over as abandoned: the retry that took the key owns the lead; this one stored nothing.
    if (err instanceof KeyTakenOver) return stillRunning(c);
    if (claimed) await releaseKey(db, claimed.key, claimed.owner).catch(() => {});
    throw err;
  }
}

function stillRunning(c: Context) {
  c.header('Retry-After', '1');
  return problem(
    c,
    409,
    statusTitle(409),
    'An identical request is still being processed. Please retry in a moment.',
  );
}

function answer(c: Context, status: number, text: string, replayed: boolean) {
  const headers: Record<string, string> = {
    'Content-Type': status < 300 ? LD_JSON : 'application/problem+json; charset=utf-8',
  };
  const id = /"@id":"([^"]+)"/.exec(text)?.[1];
  if (status === 201 && id) headers.Location = id;
  if (replayed) headers['Idempotent-Replayed'] = 'true';
  // biome-ignore lint/suspicious/noExplicitAny: Hono's status type is a literal union
  return c.body(text, status as any, headers);
}
