/**
 * Uploaded files and photos (SPEC §7 Assets): the public image shape every page renders, and
 * the editor's photo endpoints (docs/decisions/070-photo-storage.md). Limits and renditions: ../photos.ts.
 */
import * as v from 'valibot';
import { PHOTO_LIMITS } from '../domain/photos.ts';
import { collectionOf, context, int, named } from './hydra.ts';

/** An uploaded file: its public URL under /uploads and its file name. */
export const Upload = named(
  'Upload',
  v.object({ uri: v.pipe(v.string(), v.startsWith('/uploads/')), file: v.string() }),
);
export type Upload = v.InferOutput<typeof Upload>;

/**
 * The drawn files a content form names by file name, each kind in its folder of the uploads
 * (src/domain/images.ts): a range model's or variant's main image (`main`, the uploads' root), a model's
 * gallery images (`gallery`), a colour's image (`range`), a banner's, a blog post's, a special's, and a
 * variant's brochure (`brochure`, PDFs under files/). What GET /api/editor/drawn_files/{kind} lists.
 */
const DRAWN_FILE_KINDS = ['main', 'gallery', 'range', 'banner', 'blog', 'special', 'brochure'] as const;
export type DrawnFileKind = (typeof DRAWN_FILE_KINDS)[number];

/** The path parameter of GET /api/editor/drawn_files/{kind}. */
export const DrawnFileKindParam = v.object({
  kind: v.pipe(
    v.picklist(DRAWN_FILE_KINDS, `must be one of ${DRAWN_FILE_KINDS.join(', ')}`),
    v.description(
      "main: main images of range models and variants; gallery: range models' gallery; range: colours of variants; banner, blog, special: their images; brochure: PDFs.",
    ),
  ),
});

/** A <source> of a <picture>: one format at every stored width. */
const PictureSource = v.object({
  type: v.picklist(['image/avif', 'image/webp']),
  srcset: v.pipe(v.string(), v.description('"{url} {width}w, …"')),
});

/**
 * An image as the public API gives it (SPEC §3 `image.uri`, `images['hydra:member'][].uri`): `uri` is the
 * fallback every client shows (a JPEG for photos), `sources` the modern formats for <picture>, `width` and
 * `height` the fallback's intrinsic size. `file` names a drawn demo image or a photo's storage key, and
 * `illustration` says which of the two it is.
 */
export const Image = named(
  'Image',
  v.object({
    ...Upload.entries,
    width: int,
    height: int,
    alt: v.pipe(
      v.string(),
      v.description("Empty: the page describes it from what it shows (e.g. the car's name)."),
    ),
    sources: v.array(PictureSource),
    illustration: v.pipe(
      v.boolean(),
      v.description(
        'true: a drawing standing in for the car until photos of it are uploaded; pages label it "Illustration". false: a photo.',
      ),
    ),
  }),
);
export type Image = v.InferOutput<typeof Image>;

/** One stored file of a photo. */
export const Rendition = v.object({
  format: v.picklist(['avif', 'webp', 'jpeg']),
  width: int,
  height: int,
  key: v.pipe(v.string(), v.description('Storage key; the file is served at /uploads/{key}.')),
});
export type Rendition = v.InferOutput<typeof Rendition>;

/** A photo as the editor endpoints give it: the public image plus what the admin manages. */
export const Photo = named(
  'Photo',
  v.object({
    '@id': v.string(),
    '@type': v.literal('Photo'),
    id: v.pipe(v.string(), v.uuid()),
    position: v.pipe(int, v.description('0-based place in the gallery.')),
    is_main: v.boolean(),
    ...Image.entries,
    original: v.pipe(
      v.object({ width: int, height: int }),
      v.description('The upload after auto-orientation (width/height above are the fallback file).'),
    ),
    renditions: v.array(Rendition),
    created_at: v.string(),
  }),
);
export type Photo = v.InferOutput<typeof Photo>;

/** What every photo endpoint that changes something answers: the owner's photos in order. */
export const PhotoCollection = named(
  'PhotoCollection',
  v.object({ ...collectionOf(Photo).entries, ...context }),
);

/** PUT …/images/order: every photo id of the owner, in the new order. */
export const PhotoOrderInput = named(
  'PhotoOrderInput',
  v.object({
    order: v.pipe(
      v.array(v.string('Each entry of order must be a photo id'), 'order must be a list of photo ids'),
      v.minLength(1, 'order must list the photos'),
    ),
  }),
);

/** PATCH …/images/{photoId}: make it the main photo and/or change its alt text. */
export const PhotoPatchInput = named(
  'PhotoPatchInput',
  v.object({
    is_main: v.optional(v.literal(true, 'is_main can only be set to true (choose another photo to move it)')),
    alt: v.optional(
      v.pipe(
        v.string('Alt text must be text'),
        v.trim(),
        v.maxLength(
          PHOTO_LIMITS.maxAltLength,
          `Alt text must be at most ${PHOTO_LIMITS.maxAltLength} characters`,
        ),
      ),
    ),
  }),
);
