/**
 * Editor endpoints for the photos of a used car (issue 10 §3), mounted behind the editor guard:
 *   GET    /api/editor/vehicles/{id}/images              the car's photos in order
 *   POST   /api/editor/vehicles/{id}/images              multipart, one or more files in `file`
 *   PUT    /api/editor/vehicles/{id}/images/order        {"order": [photo ids]}
 *   PATCH  /api/editor/vehicles/{id}/images/{photoId}    {"is_main": true} and/or {"alt": "…"}
 *   DELETE /api/editor/vehicles/{id}/images/{photoId}
 * Every answer that changes something returns the car's photos in order (what an admin list redraws);
 * every change queues a rebuild, like other editor changes.
 */
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { collectionOf } from '../../lib/contract/hydra.ts';
import { Photo, PhotoOrderInput, PhotoPatchInput } from '../../lib/contract/media.ts';
import { PHOTO_LIMITS } from '../../lib/photos.ts';
import type { Deps } from '../deps.ts';
import { jsonInput } from '../http/json-body.ts';
import { validate } from '../http/validate.ts';
import { ApiError, badRequest, collection, violationError } from '../hydra.ts';
import { type Ingested, ingest } from '../media/ingest.ts';
import {
  addPhotos,
  listPhotos,
  type PhotoRow,
  photoImage,
  removePhoto,
  renditionsOf,
  reorderPhotos,
  updatePhoto,
} from '../media/photos.ts';
import { storeOf } from '../media/storage.ts';
import { jsonBody, ld, problems, STAFF_SECURITY, staffOperations } from '../openapi/describe.ts';
import { checkPath, pathId } from './params.ts';

/** The upload route takes large bodies; app.ts exempts it from the 64 KiB JSON limit. */
export const PHOTO_UPLOAD_PATH = /^\/api\/editor\/vehicles\/[^/]+\/images\/?$/;

export function presentPhoto(row: PhotoRow) {
  return {
    '@id': `/api/editor/vehicles/${row.vehicle_id}/images/${row.id}`,
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

async function readFiles(c: Context): Promise<File[]> {
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
  if (files.length > PHOTO_LIMITS.maxFiles)
    throw violationError([
      {
        propertyPath: 'file',
        message: `Upload at most ${PHOTO_LIMITS.maxFiles} photos at a time`,
        code: 'too_many_files',
      },
    ]);
  return files;
}

const tags = ['Photos'];
const carPath = checkPath(v.object({ id: pathId('Vehicle') }));
const photoPath = checkPath(
  v.object({
    id: pathId('Vehicle'),
    photoId: v.pipe(v.string(), v.description('Photo id'), v.uuid('photoId: must be a photo id (a UUID)')),
  }),
);
const guarded = problems(
  [400, 'A path parameter is malformed.'],
  [401, 'No staff session and no valid API key (Authorization: Bearer <key>).'],
  [403, 'The role or key lacks stock:write, or a session write came from another origin.'],
  [404, 'No such car or photo (a dealer user: not a car of their dealerships).'],
  [503, 'EDITOR_TOKEN is not set.'],
);
const photos = (description: string) => ld(collectionOf(Photo), `${description}: the car's photos in order.`);
const op = staffOperations('Photos', guarded);

export function photoRoutes(deps: Deps) {
  const app = new Hono();
  const store = storeOf(deps);
  const base = '/editor/vehicles/:id/images';
  const answer = async (c: Context, vehicleId: number, status: 200 | 201 = 200) => {
    const rows = await listPhotos(deps.db, vehicleId);
    const res = collection(c, 'Photo', rows.map(presentPhoto), rows.length);
    return status === 200 ? res : new Response(res.body, { status, headers: res.headers });
  };
  const changed = () => {
    deps.readCache?.clear();
    deps.publishing?.contentChanged('stock');
  };

  app.get(base, op("A used car's photos in gallery order.", { 200: photos('OK') }), carPath, (c) =>
    answer(c, c.req.valid('param').id),
  );

  app.post(
    base,
    describeRoute({
      summary: `Upload one or more photos (field "file", repeatable, at most ${PHOTO_LIMITS.maxFiles}): JPEG, PNG, WebP or HEIC where the server reads it, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB and at least ${PHOTO_LIMITS.minWidth} × ${PHOTO_LIMITS.minHeight} px each. EXIF is removed. All or nothing. Queues a rebuild.`,
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
    carPath,
    async (c) => {
      const vehicleId = c.req.valid('param').id;
      await listPhotos(deps.db, vehicleId); // 404 before reading a large body for an unknown car
      const files = await readFiles(c);
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
      await addPhotos(deps.db, store, vehicleId, ingested);
      changed();
      return answer(c, vehicleId, 201);
    },
  );

  app.put(
    `${base}/order`,
    op(
      'Reorder: every photo id of the car exactly once. Queues a rebuild.',
      { 200: photos('Reordered'), ...problems(413, 415, 422) },
      { requestBody: jsonBody(PhotoOrderInput) },
    ),
    carPath,
    jsonInput,
    async (c) => {
      const vehicleId = c.req.valid('param').id;
      const { order } = validate(PhotoOrderInput, c.var.body);
      await reorderPhotos(deps.db, vehicleId, order);
      changed();
      return answer(c, vehicleId);
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
      const vehicleId = c.req.valid('param').id;
      const id = c.req.valid('param').photoId;
      const change = validate(PhotoPatchInput, c.var.body);
      await updatePhoto(deps.db, vehicleId, id, change);
      changed();
      return answer(c, vehicleId);
    },
  );

  app.delete(
    `${base}/:photoId`,
    op('Delete a photo and its files; the next one becomes main if it was. Queues a rebuild.', {
      204: { description: 'Deleted' },
    }),
    photoPath,
    async (c) => {
      const vehicleId = c.req.valid('param').id;
      await removePhoto(deps.db, store, vehicleId, c.req.valid('param').photoId, (key, err) =>
        deps.logger?.warn('photo file not removed; the orphan sweep will retry', { key, error: String(err) }),
      );
      changed();
      return c.body(null, 204);
    },
  );
  return app;
}
