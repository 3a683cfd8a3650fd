/**
 * Valuation photos:
 *   POST /api/lead_photos        one image as the body (the browser has shrunk it); answers its id
 *   GET  /api/lead_photos/{id}   the stored JPEG, staff only (leads:read): the link in the lead; or,
 *                                without a session, with a valid `expires` and `signature` (a signed link)
 *   GET  /api/lead_photos/{id}/link   a signed link that works for 15 minutes, for staff who may see it
 * Public like the lead POSTs, so rate-limited per client the same way. docs/decisions/100-valuation-photos.md.
 */
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { LeadPhoto, LeadPhotoLink } from '../../contract/lead-photos.ts';
import { LEAD_PHOTO_LIMITS, leadPhotoPath } from '../../domain/lead-photos.ts';
import { principalOf, requireScope } from '../auth/principal.ts';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import { checkPath, checkQuery } from '../http/params.ts';
import { clientAddress } from '../http/proxy.ts';
import { LD_JSON, notFound, problem, statusTitle } from '../hydra.ts';
import { leadCrypto } from '../leads/crypto.ts';
import { leadWithPhoto } from '../leads/inbox.ts';
import {
  checkPhotoLink,
  leadPhotoExists,
  leadPhotoLink,
  openLeadPhoto,
  PHOTO_LINK_SECONDS,
  photoRateLimit,
  saveLeadPhoto,
} from '../leads/photos.ts';
import { hitRateLimit } from '../leads/rate-limit.ts';
import { ld, operation, problems } from '../openapi/describe.ts';

/** The upload takes an image body; app.ts gives it LEAD_PHOTO_LIMITS.maxBytes instead of the JSON limit. */
export const LEAD_PHOTO_UPLOAD_PATH = /^\/api\/lead_photos\/?$/;

const MB = 1024 * 1024;
const tags = ['Leads'];
const byId = checkPath(
  v.object({
    id: v.pipe(v.string(), v.description('Photo id'), v.uuid('id: must be a photo id (a UUID)')),
  }),
);
const signedQuery = checkQuery(
  v.object({
    expires: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,12}$/, 'expires: must be a time in seconds'),
        v.description('Signed link: when it expires (Unix seconds).'),
      ),
    ),
    signature: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[\w-]{1,100}$/, 'signature: malformed'),
        v.description('Signed link: its signature.'),
      ),
    ),
  }),
);

export function leadPhotoRoutes(deps: Deps) {
  const app = new Hono();
  const crypto = leadCrypto(deps.config.leads.encryptionKey);
  const db = withLeadTables(deps.db);
  // One valuation sends up to 8 photos: the photo window allows that many per lead the lead limit allows.
  const photoLimit = photoRateLimit(deps.config.leads.rateLimit);

  app.post(
    '/lead_photos',
    describeRoute({
      summary: `Upload one photo for a trade-in valuation (at most ${LEAD_PHOTO_LIMITS.maxPhotos} per valuation): the image itself as the body. JPEG, PNG, WebP or HEIC by content, up to ${LEAD_PHOTO_LIMITS.maxBytes / MB} MB, ${LEAD_PHOTO_LIMITS.minWidth} × ${LEAD_PHOTO_LIMITS.minHeight} px or more. Stored privately as an EXIF-free JPEG of at most ${LEAD_PHOTO_LIMITS.storedSide} px.`,
      tags,
      requestBody: {
        required: true,
        content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
      },
      responses: {
        201: ld(LeadPhoto, 'Stored; send its id in the valuation.'),
        ...problems(
          [413, `Larger than ${LEAD_PHOTO_LIMITS.maxBytes / MB} MB.`],
          [415, 'Not a JPEG, PNG, WebP or readable HEIC image (by content), or not sent as image/*.'],
          [422, 'Too few or too many pixels, empty, or damaged.'],
          429,
        ),
      },
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^(image\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i.test(type))
        return problem(
          c,
          415,
          statusTitle(415),
          'Content-Type: send the photo itself as image/jpeg (or another image type).',
        );
      const ipHash = crypto.hashIp(clientAddress(c, deps.config.trustProxy));
      const limited = await hitRateLimit(db, 'lead-photos', ipHash, photoLimit);
      if (!limited.allowed) {
        c.header('Retry-After', String(limited.retryAfterSeconds));
        return problem(
          c,
          429,
          statusTitle(429),
          `Too many photos. Please try again in ${limited.retryAfterSeconds} seconds.`,
        );
      }
      const saved = await saveLeadPhoto(deps, Buffer.from(await c.req.arrayBuffer()));
      const body = {
        '@context': '/api/contexts/LeadPhoto',
        '@id': leadPhotoPath(saved.id),
        '@type': 'LeadPhoto',
        ...saved,
      };
      return c.body(JSON.stringify(body), 201, { 'Content-Type': LD_JSON, Location: body['@id'] });
    },
  );

  app.get(
    '/lead_photos/:id',
    operation({
      summary:
        'A valuation photo (the link in the lead), for staff; or for anyone holding a signed link (`expires` and `signature`, from …/link) until it expires.',
      tags,
      security: [{ editorToken: [] }, {}],
      responses: {
        200: {
          description: 'The stored JPEG.',
          content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
        },
        ...problems(
          400,
          [401, 'Staff only: a session or API key (or a signed link).'],
          [403, 'The role or key lacks leads:read, or the signed link is not valid or has expired.'],
          [404, 'No such photo in a lead this staff member may see.'],
        ),
      },
    }),
    byId,
    signedQuery,
    async (c, next) => {
      const { expires, signature } = c.req.valid('query');
      if (expires === undefined && signature === undefined) return requireScope(deps, 'leads:read')(c, next);
      const id = c.req.valid('param').id;
      const verdict = checkPhotoLink(deps, id, expires ?? '', signature ?? '');
      if (verdict !== 'ok')
        return problem(
          c,
          403,
          statusTitle(403),
          verdict === 'expired'
            ? 'This photo link has expired; open the lead in /admin for a new one.'
            : 'This photo link is not valid (it was changed or cut short).',
        );
      c.set('signedLink' as never, true as never);
      return next();
    },
    async (c) => {
      const id = c.req.valid('param').id;
      // Like the lead itself: only staff who may see the lead that links it (a dealer, their dealerships').
      const allowed = c.get('signedLink' as never) || (await leadWithPhoto(db, principalOf(c), id));
      const photo = allowed ? await openLeadPhoto(deps, id) : null;
      if (!photo) throw notFound('Photo', id);
      return c.body(photo.body, 200, {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(photo.size),
        'Cache-Control': 'private, no-store',
      });
    },
  );

  app.get(
    '/lead_photos/:id/link',
    operation({
      summary: `A signed link to a valuation photo that works without signing in for ${PHOTO_LINK_SECONDS / 60} minutes, for staff who may see its lead.`,
      tags,
      security: [{ editorToken: [] }],
      responses: {
        200: ld(LeadPhotoLink, 'The link and when it expires.'),
        ...problems(
          400,
          [401, 'Staff only: a session or API key.'],
          [403, 'The role or key lacks leads:read.'],
          [404, 'No such photo in a lead this staff member may see.'],
        ),
      },
    }),
    requireScope(deps, 'leads:read'),
    byId,
    async (c) => {
      const id = c.req.valid('param').id;
      const found = (await leadWithPhoto(db, principalOf(c), id)) && (await leadPhotoExists(deps, id));
      if (!found) throw notFound('Photo', id);
      const body = {
        '@context': '/api/contexts/LeadPhotoLink',
        '@id': leadPhotoPath(id),
        '@type': 'LeadPhotoLink',
        ...(await leadPhotoLink(deps, id)),
      };
      return c.body(JSON.stringify(body), 200, {
        'Content-Type': LD_JSON,
        'Cache-Control': 'private, no-store',
      });
    },
  );
  return app;
}
