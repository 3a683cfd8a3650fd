/**
 * valibot field builders for staff input (editor content, used stock), each with messages that name the
 * field in plain words: the API answers them in its 422s, the admin's forms can show the same ones.
 */
import * as v from 'valibot';
import { SLUG_PATTERN } from '../domain/slug.ts';
import { isCalendarDay } from '../domain/zoned-date.ts';

type Msg = (issue: v.BaseIssue<unknown>) => string;
/** 'X is required' when missing, 'X must be <kind>' when of another type. */
export const typed =
  (label: string, kind: string): Msg =>
  (issue) =>
    issue.received === 'undefined' ? `${label} is required` : `${label} must be ${kind}`;

const FILE_RE = /^[a-z0-9][a-z0-9._-]*\.(webp|avif|jpe?g|png|svg)$/i;

export function text(label: string, max = 200) {
  return v.pipe(
    v.string(typed(label, 'text')),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );
}

/** Text that may be empty (but must be present as a string when given). */
export function optionalText(label: string, max = 500, fallback = '') {
  return v.optional(
    v.pipe(
      v.string(typed(label, 'text')),
      v.trim(),
      v.maxLength(max, `${label} must be at most ${max} characters`),
    ),
    fallback,
  );
}

/** One of a fixed list, the message listing them. */
export function oneOf<T extends readonly string[]>(label: string, options: T) {
  return v.picklist(options, `${label} must be one of ${options.join(', ')}`);
}

export function slug(label = 'Slug') {
  return v.pipe(
    text(label, 120),
    v.regex(SLUG_PATTERN, `${label} may only contain lower-case letters, digits and single hyphens`),
  );
}

/** A file name under /uploads (images are uploaded separately and referenced by name). */
export function imageFile(label: string) {
  return v.pipe(text(label, 200), v.regex(FILE_RE, `${label} must be an image file name like photo.webp`));
}

export function date(label: string) {
  return v.pipe(
    text(label, 10),
    v.isoDate(`${label} must be a date as YYYY-MM-DD`),
    v.check(isCalendarDay, `${label} must be a real date`),
  );
}

/** The first day an item is on the site (Johannesburg calendar day); null or absent: at once (issue 25 §7). */
export function publishFrom() {
  return v.pipe(
    v.optional(v.nullable(date('Publish from')), null),
    v.description(
      'First day (YYYY-MM-DD, Africa/Johannesburg) the public API and site show this; null: at once.',
    ),
  );
}

export function integer(label: string, min = 0, max = 1_000_000_000) {
  return v.pipe(
    v.number(typed(label, 'a number')),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );
}

export function decimal(label: string, min: number, max: number) {
  return v.pipe(
    v.number(typed(label, 'a number')),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );
}

export function sortOrder() {
  return v.optional(integer('Sort order', 0, 100_000), 0);
}
