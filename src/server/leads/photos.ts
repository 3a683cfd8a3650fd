/**
 * Valuation photos (issue #11): checked and re-encoded like every upload (../media/ingest.ts), then kept
 * in a private store beside the public uploads, never under /uploads, and only read back through the
 * staff route. docs/decisions/100-valuation-photos.md.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LEAD_PHOTO_LIMITS } from '../../lib/lead-photos.ts';
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
