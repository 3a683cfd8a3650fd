/**
 * Editor endpoints for the photos of a used car, banner, blog post, range model or variant, or of one
 * colour of a variant, mounted behind the editor guard ({owner} is vehicles, banners,
 * blog_posts, range_models, range_variants or range_variants/{id}/colours/{slug}; 185):
 *   GET    /api/editor/{owner}/{id}/images              the owner's photos in order
 *   POST   /api/editor/{owner}/{id}/images              multipart, files in `file` (banners, blog posts: one,
 *                                                       which replaces the current image)
 *   PUT    /api/editor/{owner}/{id}/images/order        {"order": [photo ids]}
 *   PATCH  /api/editor/{owner}/{id}/images/{photoId}    {"is_main": true} and/or {"alt": "…"}
 *   DELETE /api/editor/{owner}/{id}/images/{photoId}
 * One route definition and one ingest path for every owner (docs/decisions/153-content-images.md). Every
 * answer that changes something returns the owner's photos in order (what an admin list redraws); every
 * change is audited and queues a rebuild, like other editor changes.
 */
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { collectionOf } from '../../contract/hydra.ts';
import { Photo, PhotoOrderInput, PhotoPatchInput } from '../../contract/media.ts';
import {
  COLOUR_IMAGE_OWNER,
  CONTENT_IMAGE_OWNER_KINDS,
  CONTENT_IMAGE_OWNERS,
  type ContentImageOwner,
  PHOTO_LIMITS,
} from '../../domain/photos.ts';
import { audit } from '../auth/audit.ts';
import { byWhom } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { jsonInput } from '../http/json-body.ts';
import { checkPath, pathId, pathSlug } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { ApiError, badRequest, collection, violationError } from '../hydra.ts';
import { type Ingested, ingest } from '../media/ingest.ts';
import type { PhotoOwner } from '../media/photo-owners.ts';
import { addPhotos, removePhoto, reorderPhotos, updatePhoto } from '../media/photo-writes.ts';
import { listPhotos, photoImage, renditionsOf, type StoredPhoto } from '../media/photos.ts';
import { storeOf } from '../media/stores.ts';
import { jsonBody, ld, problems, STAFF_SECURITY, staffGuard, staffOperations } from '../openapi/describe.ts';
import { kindOf, type Snapshot } from '../revisions/items.ts';
import { recordChange, whoOf } from '../revisions/record.ts';

/** The upload route takes large bodies; app.ts exempts it from the 64 KiB JSON limit. */
export const PHOTO_UPLOAD_PATH =
  /^\/api\/editor\/(vehicles|banners|blog_posts|range_models|range_variants)\/[^/]+\/(colours\/[^/]+\/)?images\/?$/;

/** One kind of photo owner as the routes see it. */
interface OwnerSpec {
  kind: PhotoOwner['kind'];
  /** Path segment under /api/editor/. */
  path: string;
  /** 'car', 'banner', … for summaries and messages. */
  noun: string;
  /** Path parameter name in the docs ('Vehicle', 'Banner', …). */
  label: string;
  /** One image per owner: an upload takes one file and replaces the current image. */
  single: boolean;
  /** A colour of a variant: the path names the colour's slug after the variant's id. */
  colour?: true;
  scopeNote: string;
}

const VEHICLE: OwnerSpec = {
  kind: 'vehicle',
  path: 'vehicles',
  noun: 'car',
  label: 'Vehicle',
  single: false,
  scopeNote: 'The role or key lacks stock:write, or a session write came from another origin.',
};
const contentSpec = (kind: ContentImageOwner): OwnerSpec => ({
  kind,
  path: CONTENT_IMAGE_OWNERS[kind].path,
  noun: CONTENT_IMAGE_OWNERS[kind].label.toLowerCase(),
  label: CONTENT_IMAGE_OWNERS[kind].label.replace(/ (\w)/g, (_, ch: string) => ch.toUpperCase()),
  single: CONTENT_IMAGE_OWNERS[kind].single,
  scopeNote:
    'The role or key lacks content:write (a dealer user), or a session write came from another origin.',
});
const COLOUR: OwnerSpec = {
  ...contentSpec('range_variant'),
  kind: COLOUR_IMAGE_OWNER,
  noun: 'colour',
  colour: true,
};

/** `base`: the owner's images path, e.g. /api/editor/range_variants/3/colours/blue/images. */
function presentPhoto(base: string, row: StoredPhoto) {
  return {
    '@id': `${base}/${row.id}`,
    '@type': 'Photo' as const,
    id: row.id,
    position: row.position,
    is_main: row.is_main === 1,
    ...photoImage(row),
    original: { width: row.width, height: row.height },
    renditions: renditionsOf(row),
    created_at: row.created_at,
  };
}

/** The client's file name, only to say which file a problem is about. */
const shortName = (name: string) => (name.length > 80 ? `${name.slice(0, 77)}…` : name) || 'file';

async function readFiles(c: Context, maxFiles: number, noun: string): Promise<File[]> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? ''))
    throw new ApiError(415, 'Send the photos as multipart/form-data, one or more files in the field "file".');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (err) {
    if (err instanceof ApiError || (err as { status?: number }).status === 413) throw err;
    throw badRequest('The multipart body could not be read.');
  }
  const files = ['file', 'files', 'files[]'].flatMap((k) => form.getAll(k)).filter((f) => f instanceof File);
  if (!files.length)
    throw violationError([
      { propertyPath: 'file', message: 'Choose at least one image file', code: 'required' },
    ]);
  if (files.length > maxFiles)
    throw violationError([
      {
        propertyPath: 'file',
        message:
          maxFiles === 1
            ? `A ${noun} has one image: upload one file`
            : `Upload at most ${maxFiles} photos at a time`,
        code: 'too_many_files',
      },
    ]);
  return files;
}

const tags = ['Photos'];

/** Every photo route of every owner: used cars, then banners, blog posts and range models. */
export function photoRoutes(deps: Deps) {
  const app = new Hono();
  app.route('/', ownerPhotoRoutes(deps, VEHICLE));
  for (const kind of CONTENT_IMAGE_OWNER_KINDS) app.route('/', ownerPhotoRoutes(deps, contentSpec(kind)));
  app.route('/', ownerPhotoRoutes(deps, COLOUR));
  return app;
}

function ownerPhotoRoutes(deps: Deps, spec: OwnerSpec) {
  const { noun } = spec;
  // A colour's path also names its slug; typed as always there (it is undefined for other owners).
  const colourParam = { colour: pathSlug("The colour's slug") };
  const ownerParams = {
    id: pathId(spec.label),
    ...((spec.colour ? colourParam : {}) as typeof colourParam),
  };
  const ownerPath = checkPath(v.object(ownerParams));
  const photoPath = checkPath(
    v.object({
      ...ownerParams,
      photoId: v.pipe(v.string(), v.description('Photo id'), v.uuid('must be a photo id (a UUID)')),
    }),
  );
  const guarded = staffGuard(
    spec.scopeNote,
    [400, 'A path parameter is malformed.'],
    [
      404,
      spec.kind === 'vehicle'
        ? 'No such car or photo (a dealer user: not a car of their dealerships).'
        : spec.colour
          ? 'No such range variant, colour of it, or photo.'
          : `No such ${noun} or photo.`,
    ],
    [503, 'EDITOR_TOKEN is not set.'],
  );
  const photos = (description: string) =>
    ld(collectionOf(Photo), `${description}: the ${noun}'s photos in order.`);
  const op = staffOperations('Photos', guarded);
  /** The owner the path names: its id, and for a colour of a variant the colour's slug. */
  type Named = { id: number; colour?: string };
  const owner = ({ id, colour }: Named): PhotoOwner =>
    (spec.colour ? { kind: spec.kind, id, key: colour } : { kind: spec.kind, id }) as PhotoOwner;
  const app = new Hono();
  const store = storeOf(deps);
  const base = `/editor/${spec.path}/:id${spec.colour ? '/colours/:colour' : ''}/images`;
  const answer = async (c: Context, named: Named, status: 200 | 201 = 200) => {
    const rows = await listPhotos(deps.db, owner(named));
    const path = `/api/editor/${spec.path}/${named.id}${spec.colour ? `/colours/${named.colour}` : ''}/images`;
    const res = collection(
      c,
      'Photo',
      rows.map((r) => presentPhoto(path, r)),
      rows.length,
    );
    return status === 200 ? res : new Response(res.body, { status, headers: res.headers });
  };
  /** The owner as its history knows it (fields and every photo), taken before each change. */
  const snapshot = async (named: Named) => (await kindOf(spec.path)?.read(deps.db, named.id)) ?? null;
  const changed = async (
    c: Context,
    action: string,
    named: Named,
    before: string[],
    after?: object,
    was?: Snapshot | null,
  ) => {
    await recordChange(deps.db, whoOf(c), spec.path, named.id, 'update', was ?? null);
    const colour = spec.colour ? { colour: named.colour } : {};
    await audit(c, deps.db, deps.config.trustProxy, {
      action: `photo.${action}`,
      resource: spec.path,
      resourceId: named.id,
      before: { ...colour, photos: before },
      after: { ...colour, ...(after ?? { photos: await idsOf(named) }) },
    });
    deps.readCache?.clear();
    // Partial builds: re-render the routes that read this owner's section (a range model: everything).
    deps.publishing?.contentChanged(spec.kind === 'vehicle' ? 'stock' : spec.path, byWhom(c));
  };
  const idsOf = async (named: Named) => (await listPhotos(deps.db, owner(named))).map((p) => p.id);
  const maxFiles = spec.single ? 1 : PHOTO_LIMITS.maxFiles;
  const fileError = (key: string, err: unknown) =>
    deps.logger?.warn('photo file not removed; the orphan sweep will retry', { key, error: String(err) });

  app.get(base, op(`A ${noun}'s photos in order.`, { 200: photos('OK') }), ownerPath, (c) =>
    answer(c, c.req.valid('param')),
  );

  app.post(
    base,
    describeRoute({
      summary: `${spec.single ? `Upload the ${noun}'s image (field "file", one file; it replaces the current one)` : `Upload one or more photos of the ${noun} (field "file", repeatable, at most ${PHOTO_LIMITS.maxFiles})`}: JPEG, PNG, WebP or HEIC where the server reads it, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB and at least ${PHOTO_LIMITS.minWidth} × ${PHOTO_LIMITS.minHeight} px each. EXIF is removed. All or nothing. Queues a rebuild.`,
      tags,
      security: STAFF_SECURITY,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
            },
          },
        },
      },
      responses: {
        201: photos('Stored'),
        ...problems(
          [413, 'A file or the whole upload is too large; the detail says which.'],
          [415, 'Not a JPEG, PNG, WebP or readable HEIC image (by content), or not multipart.'],
          [422, 'Too few or too many pixels, damaged, or no file.'],
        ),
        ...guarded,
      },
    }),
    ownerPath,
    async (c) => {
      const named = c.req.valid('param');
      const before = await idsOf(named); // 404 before reading a large body for an unknown owner
      const was = await snapshot(named);
      const files = await readFiles(c, maxFiles, noun);
      // All or nothing: every file is checked and processed before any is stored.
      const ingested: Ingested[] = [];
      for (const file of files) {
        try {
          ingested.push(await ingest(Buffer.from(await file.arrayBuffer())));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const name = shortName(file.name);
          throw new ApiError(
            err.status as 413 | 415 | 422,
            files.length > 1 ? `${name}: ${err.detail}` : err.detail,
          );
        }
      }
      await addPhotos(deps.db, store, owner(named), ingested, {
        replace: spec.single,
        onFileError: fileError,
      });
      await changed(c, 'upload', named, before, undefined, was);
      return answer(c, named, 201);
    },
  );

  app.put(
    `${base}/order`,
    op(
      `Reorder: every photo id of the ${noun} exactly once. Queues a rebuild.`,
      { 200: photos('Reordered'), ...problems(413, 415, 422) },
      { requestBody: jsonBody(PhotoOrderInput) },
    ),
    ownerPath,
    jsonInput,
    async (c) => {
      const named = c.req.valid('param');
      const { order } = validate(PhotoOrderInput, c.var.body);
      const before = await idsOf(named);
      const was = await snapshot(named);
      await reorderPhotos(deps.db, owner(named), order);
      await changed(c, 'reorder', named, before, undefined, was);
      return answer(c, named);
    },
  );

  app.patch(
    `${base}/:photoId`,
    op(
      'Make this the main photo and/or change its alt text. Queues a rebuild.',
      { 200: photos('Updated'), ...problems(413, 415, 422) },
      { requestBody: jsonBody(PhotoPatchInput) },
    ),
    photoPath,
    jsonInput,
    async (c) => {
      const { photoId, ...named } = c.req.valid('param');
      const change = validate(PhotoPatchInput, c.var.body);
      const before = await idsOf(named);
      const was = await snapshot(named);
      await updatePhoto(deps.db, owner(named), photoId, change);
      await changed(c, 'update', named, before, { photo: photoId, ...change }, was);
      return answer(c, named);
    },
  );

  app.delete(
    `${base}/:photoId`,
    op(
      `Delete a photo of the ${noun} and its files; the next one becomes main if it was. Queues a rebuild.`,
      {
        204: { description: 'Deleted' },
      },
    ),
    photoPath,
    async (c) => {
      const { photoId, ...named } = c.req.valid('param');
      const before = await idsOf(named);
      const was = await snapshot(named);
      await removePhoto(deps.db, store, owner(named), photoId, fileError);
      await changed(c, 'delete', named, before, undefined, was);
      return c.body(null, 204);
    },
  );
  return app;
}
