/**
 * Valuation photos: checked and re-encoded like every upload (../media/ingest.ts), then kept
 * in the private store (DATA_DIR/private, or the bucket's private/ folder), never under /uploads, and
 * read back only through the staff route or a short-lived signed link. docs/decisions/100-valuation-photos.md
 * and 220-object-storage.md.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { LEAD_PHOTO_LIMITS, leadPhotoPath } from '../../domain/lead-photos.ts';
import type { Deps } from '../deps.ts';
import { privateJpeg } from '../media/ingest.ts';
import type { BlobStore } from '../media/storage.ts';
import { checkKey } from '../media/storage.ts';
import { privateStoreOf } from '../media/stores.ts';

type PhotoDeps = Pick<Deps, 'config' | 'privateStorage'>;

const FOLDER = 'lead-photos/';
const keyOf = (id: string) => checkKey(`${FOLDER}${id}.jpg`);
/** How long a signed link to a valuation photo works. */
export const PHOTO_LINK_SECONDS = 15 * 60;

/** One client's photo uploads per window: as many per lead as a valuation may carry. */
export const photoRateLimit = (leads: { limit: number; windowMs: number }) => ({
  limit: leads.limit * LEAD_PHOTO_LIMITS.maxPhotos,
  windowMs: leads.windowMs,
});

/**
 * The id of a photo sent in a form without JavaScript: the same file from the same client (by its keyed
 * address hash) is the same photo, so a double click of the form names the same photos, its two bodies
 * are the same, and the idempotency key makes it one lead (decision 266). UUID-shaped, like every id.
 */
export function formPhotoId(ipHash: string, bytes: Buffer): string {
  const h = createHash('sha256').update(`lead-photo ${ipHash} `).update(bytes).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function saveLeadPhoto(deps: PhotoDeps, bytes: Buffer, id: string = randomUUID()) {
  const image = await privateJpeg(bytes, LEAD_PHOTO_LIMITS, LEAD_PHOTO_LIMITS.storedSide);
  await privateStoreOf(deps).put(keyOf(id), image.data);
  return { id, width: image.width, height: image.height, bytes: image.data.length };
}

export const leadPhotoExists = (deps: PhotoDeps, id: string) => privateStoreOf(deps).exists(keyOf(id));

/** The stored JPEG as a stream, or null when there is none. */
export const openLeadPhoto = (deps: PhotoDeps, id: string) => privateStoreOf(deps).open(keyOf(id));

const signature = (secret: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`lead-photo\n${id}\n${expires}`).digest('base64url');

/**
 * A link that shows the photo without a session until it expires: the bucket's presigned GET, or on
 * local disk our own route with an HMAC of the id and expiry (keyed by AUTH_SECRET).
 */
export async function leadPhotoLink(deps: PhotoDeps, id: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PHOTO_LINK_SECONDS;
  const presigned = await privateStoreOf(deps).signedUrl(keyOf(id), PHOTO_LINK_SECONDS);
  const url =
    presigned ??
    `${deps.config.siteUrl}${leadPhotoPath(id)}?expires=${expires}&signature=${signature(deps.config.staff.secret, id, expires)}`;
  return { url, expires: new Date(expires * 1000).toISOString() };
}

/** Whether our own signed link is genuine and unexpired: 'ok', 'expired' or 'invalid'. */
export function checkPhotoLink(
  deps: PhotoDeps,
  id: string,
  expires: string,
  given: string,
  now = Date.now(),
): 'ok' | 'expired' | 'invalid' {
  const at = Number(expires);
  if (!/^\d{1,12}$/.test(expires)) return 'invalid';
  const want = Buffer.from(signature(deps.config.staff.secret, id, at));
  const got = Buffer.from(given);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return 'invalid';
  return at * 1000 < now ? 'expired' : 'ok';
}

const PHOTO_LINK = /\/api\/lead_photos\/([0-9a-f-]{36})/g;

/** The photo ids a stored lead record links (its `photos` are staff URLs ending in the id). */
export const photoIdsOf = (records: { record: string }[]) =>
  records.flatMap((r) => [...r.record.matchAll(PHOTO_LINK)].map((m) => m[1] as string));

/** Deletes these photos' files; answers how many were there. Part of erasure and retention (POPIA). */
export async function deleteLeadPhotos(files: BlobStore, ids: string[]) {
  let n = 0;
  for (const id of ids) {
    if (!(await files.exists(keyOf(id)))) continue;
    await files.delete(keyOf(id));
    n++;
  }
  return n;
}

/**
 * Photos uploaded for a valuation that was never sent: after a day no lead will claim them, so they are
 * deleted (`linked` says whether any lead links an id). Answers how many.
 */
export async function sweepUnclaimedPhotos(
  files: BlobStore,
  linked: (id: string) => Promise<boolean>,
  now = Date.now(),
) {
  const unclaimed: string[] = [];
  for (const o of await files.list(FOLDER)) {
    const id = /^lead-photos\/([0-9a-f-]{36})\.jpg$/.exec(o.key)?.[1];
    if (!id) {
      // A leftover of an interrupted write: nothing names it.
      if (now - o.modified.getTime() > 24 * 3600_000) await files.delete(o.key);
      continue;
    }
    if (now - o.modified.getTime() > 24 * 3600_000 && !(await linked(id))) unclaimed.push(id);
  }
  return deleteLeadPhotos(files, unclaimed);
}
