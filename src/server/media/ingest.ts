/**
 * Turns an uploaded file into the renditions the pages use, or refuses it with a 4xx that names the
 * problem. The type is judged by the bytes (magic number, then sharp's own decoder), never by the file
 * name or the client's Content-Type. Every output is re-encoded from pixels, so no EXIF (GPS, camera,
 * owner) survives; the EXIF orientation is applied first. docs/decisions/071-photo-ingest.md.
 */
import type { Metadata, OutputInfo } from 'sharp';
import { PHOTO_JPEG_WIDTH, PHOTO_LIMITS, PHOTO_WIDTHS, type PhotoFormat } from '../../domain/photos.ts';
import { ApiError } from '../hydra.ts';

/**
 * sharp and libvips, loaded with the first image rather than at start: a server that is sent no photo
 * (a web-only instance, a quiet day) does not hold them (decision 346). The module system keeps the one
 * copy after that.
 */
const loadSharp = () => import('sharp').then((m) => m.default);

export interface Encoded {
  format: PhotoFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface Ingested {
  /** Size after auto-orientation. */
  width: number;
  height: number;
  /** What the bytes turned out to be. */
  source: 'jpeg' | 'png' | 'webp' | 'heif';
  renditions: Encoded[];
}

const NOT_AN_IMAGE = 'The file is not a JPEG, PNG, WebP or HEIC image.';
const MB = 1024 * 1024;

/** The container by its first bytes; HEIC and AVIF share the ISO-BMFF `ftyp` box. */
function sniff(bytes: Buffer): Ingested['source'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return 'heif';
  }
  return null;
}

/** `_code` names the case for readers of this file; the answer is the status and its detail. */
const refuse = (status: 413 | 415 | 422, detail: string, _code: string) => new ApiError(status, detail);

/** Why sharp could not read the file, as the client's problem; HEVC HEIC is named (prebuilt libvips lacks it). */
function unreadable(source: Ingested['source'], err: unknown): ApiError {
  if (source === 'heif' && /codec|unsupported|decoder|plugin/i.test(String((err as Error)?.message)))
    return refuse(
      415,
      'This HEIC image uses a compression this server cannot read; export it as JPEG and upload that.',
      'heic_unsupported',
    );
  return refuse(422, 'The image is damaged or incomplete (cut short) and cannot be read.', 'unreadable');
}

export interface ImageLimits {
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  maxSide: number;
}

/**
 * The checks every upload passes (used-car photos, valuation photos): size, type by content, readable
 * header, pixel dimensions. A bad file throws a 413, 415 or 422 naming the problem.
 */
async function inspect(
  bytes: Buffer,
  limits: ImageLimits = PHOTO_LIMITS,
): Promise<{ source: Ingested['source']; width: number; height: number }> {
  if (bytes.length > limits.maxBytes)
    throw refuse(413, `The image is larger than ${limits.maxBytes / MB} MB.`, 'too_large');
  if (bytes.length === 0) throw refuse(422, 'The file is empty.', 'empty');
  const source = sniff(bytes);
  if (!source) throw refuse(415, NOT_AN_IMAGE, 'not_an_image');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw unreadable(source, err);
  }
  if (meta.format !== source) throw refuse(415, NOT_AN_IMAGE, 'not_an_image');
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const { minWidth, minHeight, maxSide } = limits;
  if (width < minWidth || height < minHeight)
    throw refuse(
      422,
      `The image must be at least ${minWidth} × ${minHeight} pixels; this one is ${width} × ${height}.`,
      'too_small',
    );
  if (width > maxSide || height > maxSide)
    throw refuse(
      422,
      `The image must be at most ${maxSide} × ${maxSide} pixels; this one is ${width} × ${height}.`,
      'too_big',
    );
  return { source, width, height };
}

/**
 * One EXIF-free JPEG of at most `side` px on its longest side, for files only staff see (valuation
 * photos): checked like any upload, decoded strictly, oriented, flattened onto white.
 */
export async function privateJpeg(
  bytes: Buffer,
  limits: ImageLimits,
  side: number,
): Promise<{ width: number; height: number; data: Buffer }> {
  const { source } = await inspect(bytes, limits);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: limits.maxSide * limits.maxSide,
    })
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (err) {
    throw unreadable(source, err);
  }
}

/** Checks the file and makes every rendition; a bad file throws a 413, 415 or 422 naming the problem. */
export async function ingest(bytes: Buffer): Promise<Ingested> {
  const { source, width, height } = await inspect(bytes);
  const sharp = await loadSharp();
  const limitInputPixels = PHOTO_LIMITS.maxSide * PHOTO_LIMITS.maxSide;

  // Decode once (strictly: a truncated or corrupt file fails here), oriented and scaled to the largest
  // width we keep; every rendition is encoded from these pixels.
  const largest = Math.min(width, Math.max(...PHOTO_WIDTHS));
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, { failOn: 'error', limitInputPixels })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // transparent PNG/WebP areas become white, not black
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw unreadable(source, err);
  }
  const { data, info } = pixels;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const heightAt = (w: number) => Math.round((w * info.height) / info.width);
  const jobs: { format: PhotoFormat; width: number }[] = [];
  for (const w of PHOTO_WIDTHS.filter((w) => w <= info.width)) {
    jobs.push({ format: 'avif', width: w }, { format: 'webp', width: w });
  }
  jobs.push({ format: 'jpeg', width: Math.min(PHOTO_JPEG_WIDTH, info.width) });

  const renditions: Encoded[] = [];
  for (const job of jobs) {
    const img = sharp(data, raw).resize({ width: job.width, height: heightAt(job.width), fit: 'fill' });
    const out =
      job.format === 'avif'
        ? img.avif({ quality: 50, effort: 2 })
        : job.format === 'webp'
          ? img.webp({ quality: 75 })
          : img.jpeg({ quality: 80, mozjpeg: true });
    renditions.push({ ...job, height: heightAt(job.width), data: await out.toBuffer() });
  }
  return { width, height, source, renditions };
}
