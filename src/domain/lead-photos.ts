/**
 * Photos of a car offered for a trade-in valuation: the browser shrinks each to at most
 * `storedSide` px as JPEG before upload (a phone's 8 MB photo becomes ~300 KB); the server checks the
 * bytes again whatever the client did, strips EXIF, and keeps them privately (staff-only links in the
 * lead, never under the public /uploads). docs/decisions/100-valuation-photos.md.
 */
export const LEAD_PHOTO_LIMITS = {
  /** Photos per valuation. */
  maxPhotos: 8,
  /** Longest side after the browser's resize, and of the JPEG the server stores. */
  storedSide: 1600,
  /** Longest side the server reads at all (as for every upload: bounds the decoded size). */
  maxSide: 12_000,
  jpegQuality: 0.85,
  /** Per upload: enough for a photo the browser could not shrink (a HEIC it cannot decode). */
  maxBytes: 15 * 1024 * 1024,
  minWidth: 320,
  minHeight: 240,
} as const;

/** Types the picker offers; the server decides by content. */
export const LEAD_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** The staff-only address of a stored valuation photo (path under the site). */
export const leadPhotoPath = (id: string) => `/api/lead_photos/${id}`;
