/**
 * Where uploaded images live and which sizes exist (SPEC §7 Assets).
 * Every raster image is stored as `{name}.webp` (the default width) and as
 * `{name}-{width}.webp` for each width of its kind, so pages can build srcset.
 * Shared by the seed script (which makes the files) and the pages (which link them).
 */
import type { Image } from './image-shapes.ts';

export type ImageKind = 'main' | 'range' | 'gallery' | 'used' | 'banner' | 'blog' | 'special';

interface KindSpec {
  dir: string; // path under /uploads ('' for mainImage, per SPEC)
  widths: readonly number[];
  defaultWidth: number;
  aspect: readonly [number, number]; // width : height
}

export const IMAGE_KINDS: Record<ImageKind, KindSpec> = {
  main: { dir: '', widths: [480, 960, 1440], defaultWidth: 960, aspect: [16, 10] },
  range: { dir: 'range', widths: [480, 960, 1440], defaultWidth: 960, aspect: [16, 10] },
  gallery: { dir: 'gallery', widths: [640, 1280], defaultWidth: 1280, aspect: [16, 10] },
  used: { dir: 'used', widths: [400, 800, 1200], defaultWidth: 800, aspect: [4, 3] },
  banner: { dir: 'banners', widths: [640, 1280, 1920], defaultWidth: 1280, aspect: [16, 7] },
  blog: { dir: 'blog', widths: [480, 960, 1440], defaultWidth: 960, aspect: [16, 9] },
  special: { dir: 'specials', widths: [480, 960, 1440], defaultWidth: 960, aspect: [16, 9] },
};

const UPLOADS = '/uploads';

/** Path of the file relative to the uploads root, e.g. `range/forester-sport-blue.webp`. */
export function uploadPath(kind: ImageKind, file: string, width?: number): string {
  const { dir } = IMAGE_KINDS[kind];
  const name = width ? file.replace(/\.webp$/, `-${width}.webp`) : file;
  return dir ? `${dir}/${name}` : name;
}

/** Public URL of an uploaded image, optionally at one of its widths. */
export function imageUrl(kind: ImageKind, file: string, width?: number, base = ''): string {
  return `${base}${UPLOADS}/${uploadPath(kind, file, width)}`;
}

/** srcset attribute listing every stored width of an image. */
export function imageSrcset(kind: ImageKind, file: string, base = ''): string {
  return IMAGE_KINDS[kind].widths.map((w) => `${imageUrl(kind, file, w, base)} ${w}w`).join(', ');
}

/** Intrinsic size of the default rendition, for width/height attributes (no layout shift). */
export function imageSize(
  kind: ImageKind,
  width = IMAGE_KINDS[kind].defaultWidth,
): { width: number; height: number } {
  const [w, h] = IMAGE_KINDS[kind].aspect;
  return { width, height: Math.round((width * h) / w) };
}

/** What a page needs to draw an image: the Image shape's files and size. */
export type ImageFiles = Pick<Image, 'uri' | 'width' | 'height' | 'sources'>;

/** A drawn image of one kind as the Image shape's files: its default width as uri, every width as WebP. */
export function imageFiles(kind: ImageKind, file: string): ImageFiles {
  return {
    uri: imageUrl(kind, file),
    ...imageSize(kind),
    sources: [{ type: 'image/webp', srcset: imageSrcset(kind, file) }],
  };
}

/**
 * The attributes of an <img> showing an image (uploaded or drawn): its fallback as src, its WebP widths as
 * srcset (every browser the site supports takes WebP), its own size. ResponsiveImage and the configurator.
 */
export function imgAttrs(image: ImageFiles): { src: string; srcset?: string; width: number; height: number } {
  const srcset = image.sources.find((s) => s.type === 'image/webp')?.srcset;
  return { src: image.uri, ...(srcset ? { srcset } : {}), width: image.width, height: image.height };
}

/** Brochures are PDFs under /uploads/files/. */
export function brochureUrl(file: string, base = ''): string {
  return `${base}${UPLOADS}/files/${file}`;
}

/**
 * The images of a kind among stored keys (as `{dir}/{file}`), by file name, sorted: each once, without
 * its width renditions (`{name}-{width}.webp`). What an image picker offers.
 */
export function imagesOfKind(kind: ImageKind, keys: readonly string[]): string[] {
  const { dir, widths } = IMAGE_KINDS[kind];
  const prefix = dir ? `${dir}/` : '';
  const rendition = new RegExp(`-(${widths.join('|')})\\.webp$`);
  const files = keys
    .filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes('/'))
    .map((k) => k.slice(prefix.length))
    .filter((f) => /\.(webp|avif|jpe?g|png|svg)$/i.test(f) && !rendition.test(f));
  return [...new Set(files)].sort();
}
