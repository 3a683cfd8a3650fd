/**
 * Makes every image the seed data references: collects the jobs from the data modules,
 * draws each as SVG, rasterises it once at its largest width with sharp and writes a WebP per
 * width (`{name}-{w}.webp`) plus the default `{name}.webp` (SPEC §7 Assets, src/domain/images.ts).
 * Existing files are kept unless `force`, so a re-run only fills gaps. They go to the uploads store
 * (a local directory or a bucket), like every uploaded file.
 */
import sharp from 'sharp';
import { IMAGE_KINDS, uploadPath } from '../domain/images.ts';
import type { BlobStore } from '../server/media/storage.ts';
import { carSvg } from './art/car-svg.ts';
import { sceneSvg } from './art/scenes.ts';
import type { ImageJob } from './art/types.ts';
import { bannerImages } from './data/banners.ts';
import { blogImages } from './data/blog.ts';
import { rangeImages } from './data/range.ts';
import { specialImages } from './data/specials.ts';
import { buildVehicles, vehicleImages } from './data/vehicles.ts';

/** Small files for slow mobile data; flat artwork stays crisp at this quality. */
const WEBP = { quality: 72, effort: 4 } as const;
const CONCURRENCY = 4;

/** Every image file the seed rows reference, deduplicated by output path. */
export function listImages(): ImageJob[] {
  const all = [
    ...rangeImages(),
    ...vehicleImages(buildVehicles()),
    ...bannerImages(),
    ...specialImages(),
    ...blogImages(),
  ];
  const byPath = new Map<string, ImageJob>();
  for (const job of all) byPath.set(uploadPath(job.kind, job.file), job);
  return [...byPath.values()];
}

function heightFor(job: ImageJob, width: number): number {
  const [w, h] = IMAGE_KINDS[job.kind].aspect;
  return Math.round((width * h) / w);
}

/** The SVG source of one image at the given output width. */
export function renderSvg(job: ImageJob, width: number): string {
  const height = heightFor(job, width);
  const { art } = job;
  return art.type === 'car'
    ? carSvg({ body: art.body, color: art.color, view: art.view, width, height })
    : sceneSvg({ scene: art.scene, body: art.body, color: art.color, seed: art.seed, width, height });
}

async function makeOne(
  job: ImageJob,
  store: BlobStore,
  have: Set<string>,
  force: boolean,
): Promise<{ written: number; skipped: number }> {
  const spec = IMAGE_KINDS[job.kind];
  const targets = [
    ...spec.widths.map((w) => ({ width: w, key: uploadPath(job.kind, job.file, w) })),
    { width: spec.defaultWidth, key: uploadPath(job.kind, job.file) },
  ];
  const missing = targets.filter((t) => force || !have.has(t.key));
  if (missing.length === 0) return { written: 0, skipped: targets.length };
  // Rasterise once at the largest width; smaller sizes are downscaled from those pixels.
  const max = Math.max(...spec.widths);
  const { data, info } = await sharp(Buffer.from(renderSvg(job, max)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const encoded = new Map<number, Buffer>();
  for (const t of missing) {
    let out = encoded.get(t.width);
    if (!out) {
      out = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .resize(t.width, heightFor(job, t.width))
        .webp(WEBP)
        .toBuffer();
      encoded.set(t.width, out);
    }
    await store.put(t.key, out); // whole or nothing: an interrupted run leaves no truncated file
  }
  return { written: missing.length, skipped: targets.length - missing.length };
}

/** Files counted are output files (every width plus the default), not source images. */
export async function generateImages(
  store: BlobStore,
  opts: { force?: boolean; have?: Set<string> } = {},
): Promise<{ written: number; skipped: number }> {
  // One listing instead of a question per file (thousands of round trips to a bucket at every start).
  const have = opts.have ?? new Set((await store.list('')).map((o) => o.key));
  const queue = listImages();
  const total = { written: 0, skipped: 0 };
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const r = await makeOne(job, store, have, opts.force ?? false);
      total.written += r.written;
      total.skipped += r.skipped;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return total;
}
