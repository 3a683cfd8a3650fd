/**
 * GET /api/editor/special_images: the images a special or service deal can show (its `thumbnail` and
 * `image` name a file under /uploads/specials/), each once by file name with its URL, for the admin's
 * image picker instead of a typed file name. Under the editor guard (content:write).
 */
import { Hono } from 'hono';
import { Upload } from '../../contract/media.ts';
import { imagesOfKind, imageUrl } from '../../domain/images.ts';
import type { Deps } from '../deps.ts';
import { collection } from '../hydra.ts';
import { storeOf } from '../media/stores.ts';
import { collectionOk, staffGuard, staffOperations } from '../openapi/describe.ts';

const op = staffOperations('Photos', staffGuard('The role or key may not edit content (content:write).'));

export function contentImageRoutes(deps: Deps) {
  const app = new Hono();
  app.get(
    '/editor/special_images',
    op(
      'The uploaded images a special or service deal can show, by file name (the value of its thumbnail and image fields), sorted.',
      collectionOk(Upload),
    ),
    async (c) => {
      const keys = (await storeOf(deps).list('specials/')).map((o) => o.key);
      const members = imagesOfKind('special', keys).map((file) => ({
        uri: imageUrl('special', file),
        file,
      }));
      return collection(c, 'Upload', members, members.length);
    },
  );
  return app;
}
