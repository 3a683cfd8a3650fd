/**
 * A revision in words: per field "label: old → new", rich text as a word-level diff of its text (jsdiff),
 * photos as what happened to them (added, removed, reordered, alt text). Pure, so it is unit-tested.
 */
import { diffWords } from 'diff';
import type { RevisionSnapshot } from '../../contract/revisions.ts';
import { formatDateTime } from '../../domain/date-time.ts';
import { countOf } from '../../domain/format.ts';

type Part = { text: string; added?: boolean; removed?: boolean };
export interface FieldChange {
  field: string;
  label: string;
  /** Short values: old → new; long or rich text: a word diff. */
  before: string;
  after: string;
  words?: Part[];
}

const LABELS: Record<string, string> = {
  dealer_slug: 'Dealership',
  slug: 'Web address',
  model_slug: "Model's web address",
  make_slug: "Make's web address",
  variant_slug: 'Web address',
  site_name: 'Web address',
  main_image: 'Drawn main image',
  valid_until: 'Valid until',
  publish_from: 'Publish from',
  intro_paragraph: 'Intro',
  sort_order: 'Order',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  exterior_color: 'Colour',
  state_of_vehicle: 'State',
  stock_number: 'Stock number',
  vin: 'VIN',
  model_price: 'Price',
  colors: 'Colours',
  opening_hours: 'Opening hours',
  whatsapp_no: 'WhatsApp number',
  dealer_contact_no: 'Phone',
  button_url: 'Button link',
  button_text: 'Button text',
};

const fieldLabel = (field: string) =>
  LABELS[field] ?? (field.charAt(0).toUpperCase() + field.slice(1)).replace(/_/g, ' ');

/** The text of a rich-text (HTML) value, as a reader sees it. */
export function textOf(html: string): string {
  return html
    .replace(/<\/(p|h\d|li|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

const isRich = (v: unknown) => typeof v === 'string' && /<\/?[a-z][^>]*>/i.test(v);

function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(empty)';
  if (typeof v === 'number') return v.toLocaleString('en-ZA');
  if (typeof v === 'string') return isRich(v) ? textOf(v) : v;
  if (Array.isArray(v))
    return (
      v.map((x) => (x && typeof x === 'object' && 'name' in x ? String(x.name) : shown(x))).join(', ') ||
      '(none)'
    );
  return JSON.stringify(v);
}

function photoChanges(before: RevisionSnapshot['photos'], after: RevisionSnapshot['photos']): FieldChange[] {
  const out: FieldChange[] = [];
  const was = new Map(before.map((p) => [p.id, p]));
  const now = new Map(after.map((p) => [p.id, p]));
  const added = after.filter((p) => !was.has(p.id)).length;
  const removed = before.filter((p) => !now.has(p.id)).length;
  if (added || removed)
    out.push({
      field: 'photos',
      label: 'Photos',
      before: countOf(before.length, 'photo'),
      after: `${countOf(after.length, 'photo')}${added ? `, ${added} added` : ''}${removed ? `, ${removed} removed` : ''}`,
    });
  const kept = (list: RevisionSnapshot['photos'], other: Map<string, unknown>) =>
    list.filter((p) => other.has(p.id)).map((p) => p.id);
  if (!added && !removed && kept(before, now).join() !== kept(after, was).join())
    out.push({ field: 'photo_order', label: 'Photo order', before: 'as before', after: 'changed' });
  const mainOf = (list: RevisionSnapshot['photos']) => list.find((p) => p.is_main)?.id;
  if (mainOf(before) && mainOf(after) && mainOf(before) !== mainOf(after) && !removed)
    out.push({ field: 'main_photo', label: 'Main photo', before: 'another photo', after: 'changed' });
  for (const p of after) {
    const q = was.get(p.id);
    if (q && q.alt !== p.alt)
      out.push({
        field: `alt-${p.id}`,
        label: 'Photo alt text',
        before: q.alt || '(empty)',
        after: p.alt || '(empty)',
      });
  }
  return out;
}

/** What changed from `before` to `after` (either may be missing: a create or a delete). */
export function changesOf(before: RevisionSnapshot | null, after: RevisionSnapshot | null): FieldChange[] {
  const a = before?.fields ?? {};
  const b = after?.fields ?? {};
  const out: FieldChange[] = [];
  for (const field of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (JSON.stringify(a[field]) === JSON.stringify(b[field])) continue;
    const change: FieldChange = {
      field,
      label: fieldLabel(field),
      before: shown(a[field]),
      after: shown(b[field]),
    };
    if (isRich(a[field]) || isRich(b[field]) || change.before.length + change.after.length > 120)
      change.words = diffWords(
        change.before === '(empty)' ? '' : change.before,
        change.after === '(empty)' ? '' : change.after,
      ).map((p) => ({ text: p.value, added: p.added || undefined, removed: p.removed || undefined }));
    out.push(change);
  }
  return [...out, ...photoChanges(before?.photos ?? [], after?.photos ?? [])];
}

/** DD.MM.YYYY HH:mm in the group's time zone (Johannesburg): the one staff format. */
export const when = (iso: string, timeZone?: string): string => formatDateTime(iso, timeZone);

export const SOURCE_LABELS: Record<string, string> = {
  admin: 'in the admin',
  api_key: 'through an API key',
  csv_import: 'by the CSV import',
  cli: 'from the command line',
};
export const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
};
