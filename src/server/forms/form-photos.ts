/**
 * The photos of a valuation form sent without JavaScript (decision 266): the files come in the form's
 * own multipart post, are checked and stored exactly as POST /api/lead_photos does (same limits,
 * re-encoded privately, same per-client photo limit), and their ids join the lead as the island's would.
 */
import type { Violation } from '../../contract/index.ts';
import { LEAD_PHOTO_LIMITS } from '../../domain/lead-photos.ts';
import { withLeadTables } from '../db/schema-leads.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../hydra.ts';
import { formPhotoId, photoRateLimit, saveLeadPhoto } from '../leads/photos.ts';
import { hitRateLimit } from '../leads/rate-limit.ts';

const MB = 1024 * 1024;

export type FormPhotos =
  | { kind: 'taken'; ids: string[]; violations: Violation[] }
  | { kind: 'limited'; retryAfterSeconds: number };

/** Stores the files; `kept` are ids an earlier answer already holds. A bad file is a violation on `photos`. */
export async function takeFormPhotos(
  deps: Deps,
  ipHash: string,
  files: readonly File[],
  kept: readonly string[],
): Promise<FormPhotos> {
  if (files.length === 0) return { kind: 'taken', ids: [], violations: [] };
  const room = LEAD_PHOTO_LIMITS.maxPhotos - kept.length;
  if (files.length > room)
    return {
      kind: 'taken',
      ids: [],
      violations: [
        {
          propertyPath: 'photos',
          message: `Please send at most ${LEAD_PHOTO_LIMITS.maxPhotos} photos${kept.length ? ` (${kept.length} are kept from before)` : ''}`,
          code: 'too_many_photos',
        },
      ],
    };
  const db = withLeadTables(deps.db);
  const ids: string[] = [];
  const violations: Violation[] = [];
  for (const file of files) {
    const limited = await hitRateLimit(
      db,
      'lead-photos',
      ipHash,
      photoRateLimit(deps.config.leads.rateLimit),
    );
    if (!limited.allowed) return { kind: 'limited', retryAfterSeconds: limited.retryAfterSeconds };
    const name = file.name || 'A photo';
    if (file.size > LEAD_PHOTO_LIMITS.maxBytes) {
      violations.push({
        propertyPath: 'photos',
        message: `${name}: the image is larger than ${LEAD_PHOTO_LIMITS.maxBytes / MB} MB.`,
        code: 'invalid_photo',
      });
      continue;
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const id = formPhotoId(ipHash, bytes);
    try {
      await saveLeadPhoto(deps, bytes, id);
      ids.push(id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      violations.push({ propertyPath: 'photos', message: `${name}: ${err.detail}`, code: 'invalid_photo' });
    }
  }
  return { kind: 'taken', ids, violations };
}
