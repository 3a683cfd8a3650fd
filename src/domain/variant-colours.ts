/**
 * A variant's colours are entries of its `colors` JSON; their uploaded images are keyed by each colour's
 * slug (docs/decisions/185-variant-colour-images.md). The slug is set once, from the name, when a colour
 * is first saved, and kept from then on, so renaming or reordering colours keeps their images. Shared by
 * the editor API (which stores the slugs) and the read API (rows saved before slugs existed get the same
 * slugs derived here, so an image uploaded against a derived slug stays attached once the row is saved).
 */
import { SLUG_MAX_LENGTH, slugify } from './slug.ts';

export interface NamedColour {
  name: string;
  slug?: string | null | undefined;
}

/** The colours with a slug each: a given slug is kept, a missing one is made from the name, unique. */
export function withColourSlugs<T extends NamedColour>(colours: readonly T[]): (T & { slug: string })[] {
  const used = new Set(colours.map((c) => c.slug).filter((s): s is string => !!s));
  return colours.map((c) => {
    if (c.slug) return { ...c, slug: c.slug };
    const base = (slugify(c.name) || 'colour').slice(0, SLUG_MAX_LENGTH - 4).replace(/-+$/, '');
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return { ...c, slug };
  });
}
