/**
 * What a seed image shows. Data modules describe each image they reference with an ArtSpec;
 * images.ts renders the spec to WebP. Types only, so data modules can import it for free.
 */
import type { ImageKind } from '../../domain/images.ts';
import type { Silhouette } from '../data/common.ts';

export type CarView = 'side' | 'front' | 'rear' | 'interior';

/** Landscape backdrops for gallery, banner, blog and special artwork. */
const SCENES = ['mountain-dusk', 'coastal', 'gravel', 'city', 'table-mountain', 'workshop'] as const;
export type SceneName = (typeof SCENES)[number];

export type ArtSpec =
  /** One car in a soft studio, seen from one side: new-range and used-car photos. */
  | { type: 'car'; body: Silhouette; color: string; view: CarView }
  /** A landscape with a car (or none) on the road: galleries, banners, blog, specials. */
  | { type: 'scene'; scene: SceneName; body: Silhouette | null; color: string; seed: number };

/** One image file to produce: its kind decides directory, widths and aspect ratio. */
export interface ImageJob {
  kind: ImageKind;
  file: string;
  art: ArtSpec;
}
