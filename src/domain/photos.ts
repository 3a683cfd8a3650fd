/**
 * Uploaded photos: the limits the server enforces and the renditions it makes, shared by the
 * server, the pages that show photos and the admin that uploads them (which can check files before sending).
 * The shapes of the photo endpoints are valibot schemas in src/contract/media.ts.
 * See docs/decisions/070-photo-storage.md and 071-photo-ingest.md.
 */
import type { Image, Rendition } from './image-shapes.ts';
import { type ImageKind, imageSize, imageSrcset, imageUrl } from './images.ts';

export const PHOTO_LIMITS = {
  /** Per file: a phone's full-size photo is 2-8 MB; 15 MB leaves room for a DSLR JPEG. */
  maxBytes: 15 * 1024 * 1024,
  /** Per request, so one drag-and-drop of a dozen photos still fits. */
  maxRequestBytes: 100 * 1024 * 1024,
  maxFiles: 20,
  minWidth: 800,
  minHeight: 600,
  /** Per side, after auto-orientation; also bounds the decoded size (a decompression bomb is refused early). */
  maxSide: 12_000,
  maxAltLength: 250,
} as const;

/**
 * Widths made in AVIF and WebP (only those not wider than the photo): 400 for small cards, 800 for cards
 * on 2x screens and 375 px phones, 1200 for phones at 3x, 1600 for the desktop gallery at 2x.
 */
export const PHOTO_WIDTHS = [400, 800, 1200, 1600] as const;
/** One JPEG for clients that take neither (and for Open Graph / JSON-LD, where JPEG is safest). */
export const PHOTO_JPEG_WIDTH = 1200;

const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

const MIME = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
} as const satisfies Record<PhotoFormat, string>;

const url = (key: string) => `/uploads/${key}`;

/** Storage keys of uploaded photos start with this (drawn images are plain file names). */
export const PHOTO_KEY_PREFIX = 'photos/';
/** Whether an API image is a staff upload rather than a drawn demo image. */
export const isUploadedImage = (image: Pick<Image, 'file'>) => image.file.startsWith(PHOTO_KEY_PREFIX);

/** The public shape of a photo from its stored renditions. */
export function publicImage(renditions: readonly Rendition[], alt: string): Image {
  const byFormat = (f: PhotoFormat) =>
    renditions.filter((r) => r.format === f).sort((a, b) => a.width - b.width);
  const fallback = byFormat('jpeg')[0] ?? byFormat('webp').at(-1);
  if (!fallback) throw new Error('a photo has no fallback rendition');
  const sources = (['avif', 'webp'] as const)
    .map((f) => ({
      type: MIME[f],
      srcset: byFormat(f)
        .map((r) => `${url(r.key)} ${r.width}w`)
        .join(', '),
    }))
    .filter((s) => s.srcset);
  return {
    uri: url(fallback.key),
    file: fallback.key,
    width: fallback.width,
    height: fallback.height,
    alt,
    sources,
    illustration: false,
  };
}

/** The same shape for a drawn demo image (WebP at every width of its kind, src/domain/images.ts). */
export function drawnImage(kind: ImageKind, file: string, alt = ''): Image {
  const { width, height } = imageSize(kind);
  return {
    uri: imageUrl(kind, file),
    file,
    width,
    height,
    alt,
    sources: [{ type: MIME.webp, srcset: imageSrcset(kind, file) }],
    illustration: true,
  };
}

/**
 * Owners of uploaded images besides used cars (docs/decisions/153-content-images.md): the editor resource
 * whose rows carry them (`/api/editor/{path}/{id}/images`), and whether the owner has one image (an upload
 * replaces it) or an ordered set with a main one (a range model: hero and gallery).
 */
export const CONTENT_IMAGE_OWNERS = {
  banner: { path: 'banners', table: 'banners', label: 'Banner', single: true },
  blog_post: { path: 'blog_posts', table: 'blog_posts', label: 'Blog post', single: true },
  range_model: { path: 'range_models', table: 'range_models', label: 'Range model', single: false },
  range_variant: { path: 'range_variants', table: 'range_variants', label: 'Range variant', single: false },
} as const;
export type ContentImageOwner = keyof typeof CONTENT_IMAGE_OWNERS;
export const CONTENT_IMAGE_OWNER_KINDS = Object.keys(CONTENT_IMAGE_OWNERS) as ContentImageOwner[];
/**
 * A colour of a range variant owns images too: owner_id is the variant, owner_key the colour's slug
 * (docs/decisions/185-variant-colour-images.md); under /api/editor/range_variants/{id}/colours/{slug}/images.
 */
export const COLOUR_IMAGE_OWNER = 'range_variant_colour';
