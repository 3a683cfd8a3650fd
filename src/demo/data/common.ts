/**
 * Vocabulary shared by the data modules and the artwork: body types (one drawing each) and the
 * used-car colour palette. Kept apart so data never imports drawing code and vice versa.
 */
import { slugify } from '../../domain/slug.ts';

/** Body types of both used stock and the new range; also the keys of the car drawings. */
const BODY_TYPES = ['hatch', 'sedan', 'suv', 'wagon', 'bakkie', 'coupe', 'mpv'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

/**
 * Shapes the drawings know: one per body type, plus the shapes of models that look nothing like the rest
 * of their type (a Jimny is an SUV, but a short upright box, not a long wagon). Art only, never a filter.
 */
const SILHOUETTES = [...BODY_TYPES, 'city', 'small-suv', 'large-suv', 'jimny'] as const;
export type Silhouette = (typeof SILHOUETTES)[number];

export interface Colour {
  name: string;
  hex: string;
}

/**
 * Colours used-car listings are filtered by. Dealers list a plain colour, not the paint name;
 * the hex is what the shared pool images are painted in.
 */
export const USED_COLOURS: readonly Colour[] = [
  { name: 'White', hex: '#f2f3f1' },
  { name: 'Silver', hex: '#b9bdc1' },
  { name: 'Grey', hex: '#5c6166' },
  { name: 'Black', hex: '#16171a' },
  { name: 'Blue', hex: '#1f4a8a' },
  { name: 'Red', hex: '#b3171f' },
  { name: 'Bronze', hex: '#7a5a3a' },
  { name: 'Green', hex: '#4b5a3c' },
  { name: 'Orange', hex: '#d9641e' },
  { name: 'Beige', hex: '#c9b79a' },
];

/** The four views every used car has, in gallery order. */
export const USED_VIEWS = ['side', 'front', 'rear', 'interior'] as const;
export type UsedView = (typeof USED_VIEWS)[number];

/** File name of a shared pool image, e.g. `suv-blue-front.webp`, `jimny-white-side.webp`. */
export function usedPoolFile(shape: Silhouette, colourName: string, view: UsedView): string {
  return `${shape}-${slugify(colourName)}-${view}.webp`;
}
