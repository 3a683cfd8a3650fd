/**
 * The image shapes the pure image rules work on. src/contract/media.ts gives the same shapes as valibot
 * schemas for the wire; they are written here too so the rules need nothing outside src/domain, and the
 * type checker holds the two together wherever a rule's result goes out as the contract's Image.
 */

/** A <source> of a <picture>: one format at every stored width (`"{url} {width}w, …"`). */
export interface PictureSource {
  type: 'image/avif' | 'image/webp';
  srcset: string;
}

/** An image as the public API gives it; see the Image schema in src/contract/media.ts. */
export interface Image {
  uri: string;
  file: string;
  width: number;
  height: number;
  alt: string;
  sources: PictureSource[];
  illustration: boolean;
}

/** One stored file of a photo, served at /uploads/{key}. */
export interface Rendition {
  format: 'avif' | 'webp' | 'jpeg';
  width: number;
  height: number;
  key: string;
}
