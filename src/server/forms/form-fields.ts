/**
 * A form sent without JavaScript, read into the lead the island would have sent: the posted fields
 * (application/x-www-form-urlencoded, or multipart/form-data), ticks as booleans, and what the page's
 * address says (the page itself as `uri`; a used car's id and names from its enquiry path; the car a
 * test-drive link names in its query, as src/domain/car-link.ts agrees with the vehicle page).
 */
import type { Context } from 'hono';
import { parseCarLink } from '../../domain/car-link.ts';
import { isEnquiryForm } from '../../domain/lead-presets.ts';
import { trimSlash } from '../../domain/urls.ts';
import { ApiError } from '../hydra.ts';

/** What was posted, by name: every value of a name, text only (files have no place in an enquiry). */
export type PostedFields = Map<string, string[]>;

const URLENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*;/i;

export const UNSUPPORTED_FORM_TYPE =
  'Content-Type: send the form as application/x-www-form-urlencoded or multipart/form-data.';

/** 415 unless the body is a form; a file among the fields is kept as a marker the schema refuses. */
export async function readPostedFields(c: Context): Promise<PostedFields> {
  const type = c.req.header('content-type') ?? '';
  if (!URLENCODED.test(type) && !MULTIPART.test(type)) throw new ApiError(415, UNSUPPORTED_FORM_TYPE);
  let parsed: Record<string, string | File | (string | File)[]>;
  try {
    parsed = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'body: the form could not be read.');
  }
  const out: PostedFields = new Map();
  for (const [name, value] of Object.entries(parsed)) {
    const list = Array.isArray(value) ? value : [value];
    const texts = list.map((x) => (typeof x === 'string' ? x : `[file ${x.name}]`));
    if (name.includes('\0') || texts.some((t) => t.includes('\0')))
      throw new ApiError(400, `${JSON.stringify(name.replace(/\0/g, ''))}: contains a NUL character.`);
    out.set(name, texts);
  }
  return out;
}

/** The text fields an enquiry form may post (the island's names; the make travels as `manufacturer`). */
const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'cell_phone',
  'message',
  'manufacturer',
  'model',
  'variant',
  'dealer_slug',
  'vinNo',
  'partNo',
  'preferred_date',
  'preferred_time',
  'service_type',
  'registration',
  'mileage',
  'year',
  'condition',
  'special_slug',
  'website',
] as const;

const USED_ENQUIRY =
  /^(?:\/dealer\/[a-z0-9-]+)?\/pre-owned\/([a-z0-9-]+)\/([a-z0-9-]+)\/(\d{1,12})\/enquire$/;

const first = (f: PostedFields, name: string) => f.get(name)?.[0];

/** The enquiry body of a posted form at `url`, in the shape POST /api/customer_enquiries takes. */
export function enquiryFromForm(f: PostedFields, url: URL): Record<string, unknown> {
  const path = trimSlash(url.pathname);
  const body: Record<string, unknown> = { form_name: first(f, 'form_name') ?? '' };
  for (const name of TEXT_FIELDS) {
    const value = first(f, name);
    if (value !== undefined) body[name === 'manufacturer' ? 'make' : name] = value;
  }
  // A tick box is sent only when ticked ("on"); never ticked for the visitor.
  body.contact = f.has('contact');
  body.terms = f.has('terms');
  body.uri = path;
  const form = body.form_name;
  const used = USED_ENQUIRY.exec(path);
  if (form === 'used' && used) {
    // The enquiry page's own address names the car; the API answers with its stored make and model.
    body.vehicle_id = used[3];
    body.make ??= used[1];
    body.model ??= used[2];
  }
  if (form === 'test-drive') {
    const car = parseCarLink(url.search);
    if (car.vehicle !== undefined) {
      body.vehicle_id = car.vehicle;
      body.make ??= car.make;
      body.model ??= car.model;
      if (car.dealer && !body.dealer_slug) body.dealer_slug = car.dealer;
    }
  }
  if (!isEnquiryForm(form)) body.form_name = form || undefined;
  return body;
}
