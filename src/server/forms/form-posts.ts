/**
 * Lead forms sent without JavaScript (docs/decisions/232-forms-without-javascript.md). Every enquiry
 * form is a real <form method="post"> without an action, so it posts to the page's own address (with
 * its query: the car a test-drive link names). The answer goes through the JSON API's own pipeline
 * (checkLeadRate, storeLeadRequest: rate limit, idempotency, the shared schema, consent record, outbox)
 * and is answered as a browser expects: 303 See Other to the page's thank-you path once stored, or
 * the page again (422, 429) with the errors under the fields and everything typed still in place.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { validateEnquiry } from '../../contract/forms/enquiry.ts';
import type { Violation } from '../../contract/index.ts';
import { paths, trimSlash } from '../../domain/urls.ts';
import type { Deps } from '../deps.ts';
import { ApiError, problem, statusTitle } from '../hydra.ts';
import { checkLeadRate, type LeadKey, storeLeadRequest } from '../leads/accept.ts';
import type { LeadCrypto } from '../leads/crypto.ts';
import { enquiryKind } from '../leads/records.ts';
import { answerFormPage } from './answer-page.ts';
import { enquiryFromForm, PHOTO_FORM, readPostedForm } from './form-fields.ts';
import { takeFormPhotos } from './form-photos.ts';

/** The marker the enquiry island puts on its form (EnquiryForm.tsx). */
const LEAD_FORM = /<form\b[^>]*\bdata-lead-form="enquiry"/;

/**
 * A double click sends the same form twice within a second or two; a reload of the answer re-posts
 * it. Without a per-visitor key in a static page, the same fields from the same client within this
 * window are the same lead, even where the JSON API's own window is shorter or off.
 */
const FORM_DUPLICATE_WINDOW_MS = 10 * 60_000;
/** How long a repeat waits for the first of two identical sends to finish, checking every STEP. */
const IN_FLIGHT_WAIT_MS = 10_000;
const IN_FLIGHT_STEP_MS = 100;

const BOOKING_FORMS = new Set(['test-drive', 'service']);

/** The hidden field that carries the form's idempotency key (EnquiryForm.tsx; decision 265). */
const FORM_KEY_FIELD = 'idempotency_key';
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

/** The built page at a path, as text (a shell page for a used car added since the build); null: none. */
export type PageReader = (path: string) => Promise<string | null>;

/**
 * A form post comes from our own pages. Leads are public (a script may post one with no browser at
 * all, as to the JSON API), but another site must not make its visitors' browsers send leads.
 */
function crossSite(c: Context, siteUrl: string): boolean {
  const origin = c.req.header('Origin');
  if (origin && origin !== 'null')
    return origin !== new URL(c.req.url).origin && origin !== new URL(siteUrl).origin;
  const site = c.req.header('Sec-Fetch-Site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

function page(c: Context, html: string, status: 422 | 429) {
  return c.body(html, status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
}

export async function answerFormPost(
  c: Context,
  deps: Deps,
  crypto: LeadCrypto,
  readPage: PageReader,
): Promise<Response> {
  const url = new URL(c.req.url);
  const html = await readPage(url.pathname);
  if (html === null) return problem(c, 404, statusTitle(404), `No page at ${url.pathname}.`);
  if (!LEAD_FORM.test(html)) {
    c.header('Allow', 'GET, HEAD');
    return problem(
      c,
      405,
      statusTitle(405),
      `POST is not allowed on ${url.pathname}: it has no enquiry form.`,
    );
  }
  if (crossSite(c, deps.config.siteUrl))
    return problem(c, 403, statusTitle(403), 'Forms are accepted from this site’s own pages only.');
  const { fields, files } = await readPostedForm(c);
  const formKey = fields.get(FORM_KEY_FIELD)?.[0] ?? '';
  if (formKey !== '' && !KEY_SHAPE.test(formKey))
    throw new ApiError(400, `${FORM_KEY_FIELD}: must be 1 to 200 visible ASCII characters.`);
  const booking = BOOKING_FORMS.has(fields.get('form_name')?.[0] ?? '');
  /** Photos stored with this form so far: an answered page keeps them (answer-page.ts). */
  let photos = fields.get('photos') ?? [];
  const answer = (status: 422 | 429, violations: Violation[], message?: string) =>
    page(
      c,
      answerFormPage(html, { fields, violations, message, booking, key: randomUUID(), photos }) ?? html,
      status,
    );
  const tooMany = (wait: number) => {
    c.header('Retry-After', String(wait));
    return answer(
      429,
      [],
      `You have sent several enquiries in a short time. Please try again in ${wait} seconds. Everything you typed is still here.`,
    );
  };
  const rate = await checkLeadRate(c, deps, crypto);
  if (rate.retryAfterSeconds !== undefined) return tooMany(rate.retryAfterSeconds);
  const input = enquiryFromForm(fields, url);
  const check = () => validateEnquiry(input, { requireDealer: fields.has('dealer_slug'), hours: null });
  // A valuation's photos come in its own multipart post when scripts did not upload them (decision 266).
  if (files.length && input.form_name === 'valuation' && PHOTO_FORM.test(html)) {
    const taken = await takeFormPhotos(deps, rate.ipHash, files, photos);
    if (taken.kind === 'limited') return tooMany(taken.retryAfterSeconds);
    photos = [...photos, ...taken.ids];
    input.photos = photos;
    if (taken.violations.length) {
      const rest = check();
      return answer(422, [...taken.violations, ...(rest.ok ? [] : rest.violations)]);
    }
  }
  // The form offered a choice of dealership (SPEC §5: only when the page has none), so one is required;
  // the same schema the island checks with says so, with the form's other errors.
  if (fields.has('dealer_slug') && !fields.get('dealer_slug')?.[0]) {
    const checked = check();
    if (!checked.ok) return answer(422, checked.violations);
  }
  // The key the page carried (one the server rendered into an answered page; empty in the static page,
  // which is the same for every visitor), else one derived from what was sent (decision 265).
  const derived: LeadKey = { from: 'derived', scope: 'form:', windowMs: FORM_DUPLICATE_WINDOW_MS };
  let key: LeadKey = formKey ? { from: 'form', value: formKey } : derived;
  const store = async () => {
    const out = await storeLeadRequest(deps, crypto, enquiryKind, input, rate.ipHash, key);
    if (out.kind !== 'key-mismatch') return out;
    // The page's key with other fields: the visitor went back after sending and changed the form. That
    // is another enquiry, judged by what it says.
    key = derived;
    return storeLeadRequest(deps, crypto, enquiryKind, input, rate.ipHash, key);
  };
  let out = await store();
  // The second of a double click: wait for the first, then answer as it was answered.
  for (let waited = 0; out.kind === 'in-flight' && waited < IN_FLIGHT_WAIT_MS; waited += IN_FLIGHT_STEP_MS) {
    await new Promise((r) => setTimeout(r, IN_FLIGHT_STEP_MS));
    out = await store();
  }
  if (out.kind === 'stored') {
    c.header('Cache-Control', 'no-store');
    return c.redirect(paths.thankYou(trimSlash(url.pathname)), 303);
  }
  if (out.kind === 'invalid') return answer(422, out.violations);
  // Still running after the wait (a derived key carries the body's hash, so it cannot meet another body).
  c.header('Retry-After', '1');
  throw new ApiError(409, 'An identical form is still being processed. Please send it again in a moment.');
}
