/**
 * A form sent without JavaScript, read into the lead the island would have sent: the posted fields
 * (application/x-www-form-urlencoded, or multipart/form-data), ticks as booleans, and what the page's
 * address says (the page itself as `uri`; a used car's id and names from its enquiry path; the car a
 * test-drive link names in its query, as src/domain/car-link.ts agrees with the vehicle page).
 */
import type { Context } from 'hono';
import { parseCarLink } from '../../domain/car-link.ts';
import { LEAD_PHOTO_LIMITS } from '../../domain/lead-photos.ts';
import { isEnquiryForm } from '../../domain/lead-presets.ts';
import { trimSlash } from '../../domain/urls.ts';
import { ApiError } from '../hydra.ts';

/** What was posted, by name: every value of a name, as text. */
export type PostedFields = Map<string, string[]>;
/** A valuation form's photo files (the file input's name in PhotoPicker.tsx), in the order sent. */
const PHOTO_FILES_FIELD = 'photo_files';

/** A lead form that sends files (the valuation's photos, PhotoPicker.tsx). */
export const PHOTO_FORM =
  /<form\b(?=[^>]*\bdata-lead-form="enquiry")(?=[^>]*\benctype="multipart\/form-data")[^>]*>/i;
/** An enquiry form's fields are a few kilobytes; the JSON API's limit (app.ts MAX_BODY_BYTES) fits them. */
const MAX_FORM_BYTES = 64 * 1024;
/** A form with photos: its fields, and as many photos as a valuation takes, each as large as the API takes. */
const MAX_PHOTO_FORM_BYTES = MAX_FORM_BYTES + LEAD_PHOTO_LIMITS.maxPhotos * LEAD_PHOTO_LIMITS.maxBytes;

/** How large a post to the page with this HTML may be. */
export const formBodyLimit = (html: string | null) =>
  html !== null && PHOTO_FORM.test(html) ? MAX_PHOTO_FORM_BYTES : MAX_FORM_BYTES;

const URLENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*;/i;

const UNSUPPORTED_FORM_TYPE =
  'Content-Type: send the form as application/x-www-form-urlencoded or multipart/form-data.';

/**
 * 415 unless the body is a form. The photo files come apart from the text; a file in any other field
 * is kept as a marker the schema refuses, and a file input left empty (a part without a file name or
 * bytes) is no file.
 */
export async function readPostedForm(c: Context): Promise<{ fields: PostedFields; files: File[] }> {
  const type = c.req.header('content-type') ?? '';
  if (!URLENCODED.test(type) && !MULTIPART.test(type)) throw new ApiError(415, UNSUPPORTED_FORM_TYPE);
  let parsed: Record<string, string | File | (string | File)[]>;
  try {
    parsed = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'body: the form could not be read.');
  }
  const fields: PostedFields = new Map();
  const files: File[] = [];
  for (const [name, value] of Object.entries(parsed)) {
    const list = Array.isArray(value) ? value : [value];
    if (name === PHOTO_FILES_FIELD) {
      for (const x of list) if (typeof x !== 'string' && (x.size > 0 || x.name !== '')) files.push(x);
      continue;
    }
    const texts = list.map((x) => (typeof x === 'string' ? x : `[file ${x.name}]`));
    if (name.includes('\0') || texts.some((t) => t.includes('\0')))
      throw new ApiError(400, `${JSON.stringify(name.replace(/\0/g, ''))}: contains a NUL character.`);
    fields.set(name, texts);
  }
  return { fields, files };
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
  // Photos a valuation answered with errors kept (answer-page.ts): their ids, as the island sends them.
  if (form === 'valuation' && f.has('photos')) body.photos = f.get('photos');
  if (!isEnquiryForm(form)) body.form_name = form || undefined;
  return body;
}
