/**
 * The demo's files, apart from its rows (seed.ts). The server seeds only rows itself and has the files
 * drawn in a child (draw-apart.ts), so it never loads sharp, pdfkit and pdfkit's font code: about 1.9 MB
 * of module source, and their compiled code, that it would hold for its whole life for nothing.
 */
import type { BlobStore } from '../server/media/storage.ts';
import { generateBrochures } from './brochures.ts';
import { generateImages } from './images.ts';

/**
 * Makes the images and brochures the seed rows reference, in the uploads store. Counts are output files:
 * every width of every image, plus one PDF per range model.
 */
export async function seedUploads(
  store: BlobStore,
  opts: { force?: boolean } = {},
): Promise<{ written: number; skipped: number }> {
  const have = new Set((await store.list('')).map((o) => o.key));
  const images = await generateImages(store, { ...opts, have });
  // After the images, so brochures embed the same main image files the site serves.
  const brochures = await generateBrochures(store, { ...opts, have });
  return { written: images.written + brochures.written, skipped: images.skipped + brochures.skipped };
}
