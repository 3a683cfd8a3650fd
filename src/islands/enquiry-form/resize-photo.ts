/**
 * Shrinks a photo in the browser before upload: at most LEAD_PHOTO_LIMITS.storedSide px on the
 * longest side, as JPEG, so a phone's 8 MB photo goes up as a few hundred KB over a mobile connection.
 * The EXIF orientation is applied by the decoder; EXIF itself is not copied (the server strips it again).
 * A file the browser cannot decode (HEIC outside Safari) goes up as it is, and the server judges it.
 * The preview is a small data: URL (the site's CSP allows data: images, not blob:).
 */
import { LEAD_PHOTO_LIMITS } from '../../domain/lead-photos.ts';

const PREVIEW_SIDE = 192;

function draw(bitmap: ImageBitmap, side: number): HTMLCanvasElement | null {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff'; // transparent PNG areas become white, as on the server
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export async function resizePhoto(file: File): Promise<{ blob: Blob; preview: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, preview: '' };
  }
  try {
    const full = draw(bitmap, LEAD_PHOTO_LIMITS.storedSide);
    const small = draw(bitmap, PREVIEW_SIDE);
    const blob = full
      ? await new Promise<Blob | null>((done) =>
          full.toBlob(done, 'image/jpeg', LEAD_PHOTO_LIMITS.jpegQuality),
        )
      : null;
    return { blob: blob ?? file, preview: small?.toDataURL('image/jpeg', 0.7) ?? '' };
  } finally {
    bitmap.close();
  }
}
