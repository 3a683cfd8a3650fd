/**
 * The lead POST pipeline shared by enquiries and finance applications: media type (415, jsonType), per-client
 * rate limit (429 + Retry-After, limitLeads), JSON object (400, jsonObject), then acceptLead: idempotency
 * (replay / 409 / 422), validation (422 with violations), honeypot, one transaction and a 201.
 * routes/leads.ts chains them; docs/decisions/010-lead-pipeline.md. Forms posted without JavaScript
 * (src/server/forms/) go through the same checkLeadRate and storeLeadRequest and answer in HTML.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Violation } from '../../contract/index.ts';
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
const HONEYPOT_FIELD = 'website';
const KEY_TTL_MS = 24 * 3_600_000;

type LeadEnv = { Variables: JsonBodyEnv['Variables'] & { ipHash: string } };

/** The per-client lead limit (by hashed address): the hash, or how long to wait. */
export async function checkLeadRate(
  c: Context,
  deps: Deps,
  crypto: LeadCrypto,
): Promise<
  { ipHash: string; retryAfterSeconds?: undefined } | { ipHash: string; retryAfterSeconds: number }
> {
  const ipHash = crypto.hashIp(clientAddress(c, deps.config.trustProxy));
  const limited = await hitRateLimit(withLeadTables(deps.db), 'leads', ipHash, deps.config.leads.rateLimit);
  return limited.allowed ? { ipHash } : { ipHash, retryAfterSeconds: limited.retryAfterSeconds };
}

/** 429 + Retry-After once a client (by hashed address) sent too many leads; sets `c.var.ipHash`. */
export function limitLeads(deps: Deps, crypto: LeadCrypto) {
  return createMiddleware<{ Variables: { ipHash: string } }>(async (c, next) => {
    const rate = await checkLeadRate(c, deps, crypto);
    if (rate.retryAfterSeconds !== undefined) {
      c.header('Retry-After', String(rate.retryAfterSeconds));
      return problem(
        c,
        429,
        statusTitle(429),
        `Too many submissions. Please try again in ${rate.retryAfterSeconds} seconds.`,
      );
    }
    c.set('ipHash', rate.ipHash);
    await next();
  });
}

/**
 * How a lead request ended, whatever it came as (JSON from an island or a client, or a form posted
 * without JavaScript): each caller answers it in its own way.
 */
export type LeadOutcome =
  | { kind: 'stored'; status: number; text: string; replayed: boolean }
  | { kind: 'invalid'; violations: Violation[] }
  | { kind: 'key-mismatch' }
  | { kind: 'in-flight' };

/** Where the idempotency key comes from: the client's header, or derived from what was sent. */
export type LeadKey =
  | { from: 'header'; value: string }
  /** No key of the client's: the same body from the same client within `windowMs` is the same lead. */
  | { from: 'derived'; scope: string; windowMs: number }
  /**
   * The hidden key of a form posted without JavaScript (src/server/forms/): scoped to the client, since
   * a page may be cached and shown to others; remembered as long as a header's key.
   */
  | { from: 'form'; value: string };

export async function acceptLead(c: Context<LeadEnv>, deps: Deps, crypto: LeadCrypto, kind: LeadKind) {
  const header = c.req.header('idempotency-key');
  if (header !== undefined && !/^[\x21-\x7e]{1,200}$/.test(header)) {
    return problem(c, 400, statusTitle(400), 'Idempotency-Key: must be 1 to 200 visible ASCII characters.');
  }
  const key: LeadKey =
    header !== undefined
      ? { from: 'header', value: header }
      : { from: 'derived', scope: '', windowMs: deps.config.leads.duplicateWindowMs };
  const out = await storeLeadRequest(deps, crypto, kind, c.var.body, c.var.ipHash, key);
  switch (out.kind) {
    case 'stored':
      return answer(c, out.status, out.text, out.replayed);
    case 'invalid':
      return errorResponse(c, violationError(out.violations));
    case 'key-mismatch':
      return problem(
        c,
        422,
        statusTitle(422),
        'Idempotency-Key: this key was already used for a different request body.',
      );
    case 'in-flight':
      return stillRunning(c);
  }
}

/**
 * The one lead pipeline after the rate limit: idempotency (replay, mismatch, still running), validation,
 * honeypot, and one transaction storing the lead, its consent record and its outbox row.
 */
export async function storeLeadRequest(
  deps: Deps,
  crypto: LeadCrypto,
  kind: LeadKind,
  input: Record<string, unknown>,
  ipHash: string,
  from: LeadKey,
): Promise<LeadOutcome> {
  const db = withLeadTables(deps.db);
  const requestHash = sha256(canonicalJson(input));
  const ttl = from.from === 'derived' ? from.windowMs : KEY_TTL_MS;
  const key =
    ttl > 0
      ? `${kind.collection} ${
          from.from === 'header'
            ? `key:${from.value}`
            : from.from === 'form'
              ? `form-key:${sha256(`${ipHash} ${from.value}`)}`
              : `auto:${from.scope}${sha256(`${ipHash} ${requestHash}`)}`
        }`
      : undefined;
  let claimed: { key: string; owner: string } | undefined;
  if (key) {
    const claim = await claimKey(db, key, requestHash, ttl);
    if (claim.kind === 'mismatch') return { kind: 'key-mismatch' };
    if (claim.kind === 'in_flight') return { kind: 'in-flight' };
    if (claim.kind === 'replay')
      return { kind: 'stored', status: claim.status, text: claim.body, replayed: true };
    claimed = { key, owner: claim.owner };
  }

  try {
    const id = newLeadId();
    const prepared = await kind.prepare(deps, crypto, input, { id, ipHash, now: new Date().toISOString() });
    if (!prepared.ok) {
      if (claimed) await releaseKey(db, claimed.key, claimed.owner);
      return { kind: 'invalid', violations: prepared.violations };
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
      return { kind: 'stored', status: 201, text, replayed: false };
    }
    await storeLead(deps, prepared.lead, { status: 201, body: text }, claimed);
    return { kind: 'stored', status: 201, text, replayed: false };
  } catch (err) {
    // Taken over as abandoned: the retry that took the key owns the lead; this one stored nothing.
    if (err instanceof KeyTakenOver) return { kind: 'in-flight' };
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
