/**
 * Turns the range catalogue into range_models / range_variants rows, plus the list of images
 * those rows reference (so images.ts makes exactly the files the site will ask for).
 */
import type { Insertable } from 'kysely';
import { FINANCE_DEFAULTS } from '../../domain/finance.ts';
import { slugify } from '../../domain/slug.ts';
import type { RangeModelsTable, RangeVariantsTable } from '../../server/db/schema.ts';
import type { ImageJob, SceneName } from '../art/types.ts';
import { hashString } from '../random.ts';
import { RANGE } from './range-catalogue.ts';

const MAKE = 'Subaru';
const MAKE_SLUG = 'subaru';

/** The four gallery backdrops, in gallery order. */
const GALLERY_SCENES: readonly SceneName[] = ['mountain-dusk', 'coastal', 'gravel', 'city'];

const brochureFile = (modelSlug: string): string => `subaru-${modelSlug}-brochure.pdf`;
const galleryFile = (modelSlug: string, n: number): string => `${modelSlug}-gallery-${n}.webp`;

export interface RangeData {
  models: Insertable<RangeModelsTable>[];
  variants: Insertable<RangeVariantsTable>[];
}

export function buildRange(): RangeData {
  const models: Insertable<RangeModelsTable>[] = [];
  const variants: Insertable<RangeVariantsTable>[] = [];
  RANGE.forEach((spec, m) => {
    const modelSlug = slugify(spec.model);
    const modelId = m + 1;
    models.push({
      id: modelId,
      make: MAKE,
      make_slug: MAKE_SLUG,
      model: spec.model,
      model_slug: modelSlug,
      type: 'car',
      tagline: spec.tagline,
      description: spec.description,
      main_image: `${modelSlug}.webp`,
      gallery: JSON.stringify(GALLERY_SCENES.map((_, n) => galleryFile(modelSlug, n + 1))),
      sort_order: modelId,
    });
    spec.variants.forEach((v, i) => {
      const variantSlug = slugify(v.variant);
      const base = `${modelSlug}-${variantSlug}`;
      variants.push({
        id: variants.length + 1,
        model_id: modelId,
        variant: v.variant,
        variant_slug: variantSlug,
        description: v.description,
        main_image: `${base}.webp`,
        power: v.power,
        torque: v.torque,
        transmission: v.transmission,
        transmission_type: v.transmission_type,
        fuel_type: v.fuel_type,
        body_type: spec.body,
        engine: v.engine,
        drivetrain: spec.drivetrain ?? 'Symmetrical AWD',
        term: FINANCE_DEFAULTS.termMonths,
        interest: FINANCE_DEFAULTS.interestRate,
        model_price: v.price,
        brochure: brochureFile(modelSlug),
        colors: JSON.stringify(
          spec.colours.map((c) => ({
            name: c.name,
            hex_code: c.hex,
            image: `${base}-${slugify(c.name)}.webp`,
          })),
        ),
        features: JSON.stringify([...spec.standard, ...v.extras].slice(0, 8)),
        sort_order: i + 1,
      });
    });
  });
  return { models, variants };
}

/** Every image the range rows reference: model and variant main images, colours, galleries. */
export function rangeImages(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const spec of RANGE) {
    const modelSlug = slugify(spec.model);
    const hero = spec.colours[0]?.hex ?? '#0368b4';
    jobs.push({
      kind: 'main',
      file: `${modelSlug}.webp`,
      art: { type: 'car', body: spec.body, color: hero, view: 'side' },
    });
    GALLERY_SCENES.forEach((scene, n) => {
      const colour = spec.colours[(n + 1) % spec.colours.length]?.hex ?? hero;
      const file = galleryFile(modelSlug, n + 1);
      jobs.push({
        kind: 'gallery',
        file,
        art: { type: 'scene', scene, body: spec.body, color: colour, seed: hashString(file) },
      });
    });
    spec.variants.forEach((v, i) => {
      const base = `${modelSlug}-${slugify(v.variant)}`;
      // Each variant's hero shot uses a different paint, so the variant pages do not all look alike.
      const main = spec.colours[i % spec.colours.length]?.hex ?? hero;
      jobs.push({
        kind: 'main',
        file: `${base}.webp`,
        art: { type: 'car', body: spec.body, color: main, view: 'side' },
      });
      for (const c of spec.colours) {
        const art = { type: 'car', body: spec.body, color: c.hex, view: 'side' } as const;
        jobs.push({ kind: 'range', file: `${base}-${slugify(c.name)}.webp`, art });
      }
    });
  }
  return jobs;
}
