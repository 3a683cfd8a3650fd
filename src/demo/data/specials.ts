/**
 * Builds specials rows (vehicle offers and service deals) from the compact specs in
 * special-offers.ts and service-deals.ts: body HTML from paragraphs and a bullet list,
 * one image per special used as both thumbnail and banner, and the art for that image.
 */
import type { Insertable } from 'kysely';
import { slugify } from '../../domain/slug.ts';
import type { SpecialsTable } from '../../server/db/schema.ts';
import type { ImageJob, SceneName } from '../art/types.ts';
import { hashString } from '../random.ts';
import type { BodyType } from './common.ts';
import { SERVICE_DEALS } from './service-deals.ts';
import { VEHICLE_SPECIALS } from './special-offers.ts';

export interface SpecialSpec {
  slug: string;
  dealer: string | null; // dealer slug, or null for every dealer of the group
  model: string; // grouping label shown on the specials page
  title: string;
  intro: string;
  paragraphs: readonly string[];
  bullets: readonly string[];
  price: number | null;
  validUntil: string;
  terms: string;
  art: { scene: SceneName; body: BodyType | null; color: string };
}

/** Minimal escaping for authored text placed in HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const specialFile = (slug: string): string => `special-${slug}.webp`;

/** How long a demo offer still runs after the day it is seeded. */
const DEMO_RUN_DAYS = 45;

/**
 * The authored end date (YYYY-MM-DD) moved on by whole years until it lies DEMO_RUN_DAYS after `today`:
 * an offer past its valid_until leaves the site, and a demo seeded next year must still show its offers.
 */
export function stillRunning(validUntil: string, today: Date): string {
  const floor = new Date(today.getTime() + DEMO_RUN_DAYS * 86_400_000).toISOString().slice(0, 10);
  let year = Number(validUntil.slice(0, 4));
  const monthDay = validUntil.slice(4);
  while (`${year}${monthDay}` < floor) year++;
  return `${year}${monthDay}`;
}

function toRow(
  kind: 'special' | 'service',
  s: SpecialSpec,
  id: number,
  order: number,
  today: Date,
): Insertable<SpecialsTable> {
  const label = kind === 'special' ? 'Special' : 'Service Deal';
  const body = [
    ...s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<ul>${s.bullets.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`,
  ].join('\n');
  return {
    id,
    kind,
    slug: s.slug,
    dealer_slug: s.dealer,
    model: s.model,
    model_slug: slugify(s.model),
    title: s.title,
    intro_paragraph: s.intro,
    body,
    thumbnail: specialFile(s.slug),
    image: specialFile(s.slug),
    // Lead source codes follow the group's CRM convention; the API shows "Motus Subaru".
    source_code: `Subaru Motus ${label} - ${s.title}`,
    price: s.price,
    valid_until: stillRunning(s.validUntil, today),
    terms: s.terms,
    sort_order: order,
  };
}

/**
 * Specials and service deals; a dealership's own offer is left out when that dealership is not seeded
 * (`npm run seed -- --dealers 2`), as its row would name a dealer that does not exist.
 */
export function buildSpecials(
  dealerSlugs: readonly string[],
  today = new Date(),
): Insertable<SpecialsTable>[] {
  const offers = VEHICLE_SPECIALS.map((s, i) => toRow('special', s, i + 1, i + 1, today));
  const deals = SERVICE_DEALS.map((s, i) => toRow('service', s, offers.length + i + 1, i + 1, today));
  return [...offers, ...deals].filter((o) => !o.dealer_slug || dealerSlugs.includes(o.dealer_slug));
}

export function specialImages(): ImageJob[] {
  return [...VEHICLE_SPECIALS, ...SERVICE_DEALS].map((s) => {
    const file = specialFile(s.slug);
    return { kind: 'special', file, art: { type: 'scene', ...s.art, seed: hashString(file) } };
  });
}
