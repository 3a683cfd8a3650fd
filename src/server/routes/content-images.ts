/**
 * The files a content form can name, for the admin's pickers instead of a typed file name. Under the
 * editor guard (content:write).
 * - GET /api/editor/special_images: the images a special or service deal can show (its `thumbnail` and
 *   `image` name a file under /uploads/specials/), each once by file name with its URL.
 * - GET /api/editor/drawn_files/{kind}: the same for every kind of drawn file the forms name (range
 *   models' and variants' main images, galleries, colours, banners, blog posts, specials) and for the
 *   variants' brochures (PDFs under /uploads/files/).
 */
import { Hono } from 'hono';
import { DrawnFileKindParam, Upload } from '../../contract/media.ts';
import { brochureUrl, IMAGE_KINDS, type ImageKind, imagesOfKind, imageUrl } from '../../domain/images.ts';
import type { Deps } from '../deps.ts';
import { checkPath } from '../http/params.ts';
import { collection } from '../hydra.ts';
import { storeOf } from '../media/stores.ts';
import { collectionOk, problems, staffGuard, staffOperations } from '../openapi/describe.ts';

const op = staffOperations('Photos', staffGuard('The role or key may not edit content (content:write).'));

const BROCHURES = 'files/';

/**
 * The folder a kind's files are listed from. Main images live in the uploads' root, so their list reads
 * the whole store and keeps the root's files (imagesOfKind): a walk of every upload, acceptable for a
 * picker opened now and then (the store has no listing of one level only).
 */
const prefixOf = (kind: ImageKind) => (IMAGE_KINDS[kind].dir ? `${IMAGE_KINDS[kind].dir}/` : '');

export function contentImageRoutes(deps: Deps) {
  const app = new Hono();
  const keysUnder = async (prefix: string) => (await storeOf(deps).list(prefix)).map((o) => o.key);
  const images = async (kind: ImageKind) =>
    imagesOfKind(kind, await keysUnder(prefixOf(kind))).map((file) => ({ uri: imageUrl(kind, file), file }));

  app.get(
    '/editor/special_images',
    op(
      'The uploaded images a special or service deal can show, by file name (the value of its thumbnail and image fields), sorted.',
      collectionOk(Upload),
    ),
    async (c) => {
      const members = await images('special');
      return collection(c, 'Upload', members, members.length);
    },
  );

  app.get(
    '/editor/drawn_files/:kind',
    op(
      'The files of one kind a content item can name, by file name (the value of its field), sorted: each image once, without its width renditions.',
      { ...collectionOk(Upload), ...problems([400, 'kind is not one of the listed kinds.']) },
    ),
    checkPath(DrawnFileKindParam),
    async (c) => {
      const { kind } = c.req.valid('param');
      const members =
        kind === 'brochure'
          ? [
              ...new Set(
                (await keysUnder(BROCHURES))
                  .map((k) => k.slice(BROCHURES.length))
                  .filter((f) => !f.includes('/') && /\.pdf$/i.test(f)),
              ),
            ]
              .sort()
              .map((file) => ({ uri: brochureUrl(file), file }))
          : await images(kind);
      return collection(c, 'Upload', members, members.length);
    },
  );
  return app;
}
