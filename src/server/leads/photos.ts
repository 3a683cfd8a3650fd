/**
 * Valuation photos (issue #11): checked and re-encoded like every upload (../media/ingest.ts), then kept
 * in a private store beside the public uploads, never under /uploads, and only read back through the
 * staff route. docs/decisions/100-valuation-photos.md.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LEAD_PHOTO_LIMITS } from '../../domain/lead-photos.ts';
import type { Deps } from '../deps.ts';
import { privateJpeg } from '../media/ingest.ts';
import { type BlobStore, checkKey, localStore } from '../media/storage.ts';

/** DATA_DIR/private: the server never serves this directory as static files. */
export const privateRoot = (deps: Pick<Deps, 'config'>) => join(deps.config.dataDir, 'private');
const store = (deps: Pick<Deps, 'config'>): BlobStore => localStore(privateRoot(deps));
const keyOf = (id: string) => checkKey(`lead-photos/${id}.jpg`);

export async function saveLeadPhoto(deps: Pick<Deps, 'config'>, bytes: Buffer) {
  const image = await privateJpeg(bytes, LEAD_PHOTO_LIMITS, LEAD_PHOTO_LIMITS.storedSide);
  const id = randomUUID();
  await store(deps).put(keyOf(id), image.data);
  return { id, width: image.width, height: image.height, bytes: image.data.length };
}

export const leadPhotoExists = (deps: Pick<Deps, 'config'>, id: string) => store(deps).exists(keyOf(id));

/** The stored JPEG, or null when there is none. */
export async function readLeadPhoto(deps: Pick<Deps, 'config'>, id: string): Promise<Buffer | null> {
  return readFile(join(privateRoot(deps), keyOf(id))).catch(() => null);
}

const PHOTO_LINK = /\/api\/lead_photos\/([0-9a-f-]{36})/g;

/** The photo ids a stored lead record links (its `photos` are staff URLs ending in the id). */
export const photoIdsOf = (records: { record: string }[]) =>
  records.flatMap((r) => [...r.record.matchAll(PHOTO_LINK)].map((m) => m[1] as string));

/** Deletes these photos' files; answers how many were there. Part of erasure and retention (POPIA). */
export async function deleteLeadPhotos(dataDir: string, ids: string[]) {
  let n = 0;
  for (const id of ids) {
    const file = join(dataDir, 'private', keyOf(id));
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    ) {
      await rm(file, { force: true });
      n++;
    }
  }
  return n;
}

/**
 * Photos uploaded for a valuation that was never sent: after a day no lead will claim them, so they are
 * deleted (`linked` says whether any lead links an id). Answers how many.
 */
export async function sweepUnclaimedPhotos(
  dataDir: string,
  linked: (id: string) => Promise<boolean>,
  now = Date.now(),
) {
  const dir = join(dataDir, 'private', 'lead-photos');
  const names = await readdir(dir).catch(() => [] as string[]);
  const unclaimed: string[] = [];
  for (const name of names) {
    const id = name.replace(/\.jpg$/, '');
    const { mtimeMs } = await stat(join(dir, name));
    if (now - mtimeMs > 24 * 3600_000 && !(await linked(id))) unclaimed.push(id);
  }
  return deleteLeadPhotos(dataDir, unclaimed);
}
