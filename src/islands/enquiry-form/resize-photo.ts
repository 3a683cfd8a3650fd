/**
 * Shrinks a photo in the browser before upload (issue #11): at most LEAD_PHOTO_LIMITS.storedSide px on the
 * longest side, as JPEG, so a phone's 8 MB photo goes up as a few hundred KB over a mobile connection.
 * The EXIF orientation is applied by the decoder; EXIF itself is not copied (the server strips it again).
 * A file the browser cannot decode (HEIC outside Safari) goes up as it is, and the server judges it.
 */
import { LEAD_PHOTO_LIMITS } from '../../lib/lead-photos.ts';

export async function resizePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const { storedSide, jpegQuality } = LEAD_PHOTO_LIMITS;
  const scale = Math.min(1, storedSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    bitmap.close();
    return file;
  }
  ctx.fillStyle = '#fff'; // transparent PNG areas become white, as on the server
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', jpegQuality));
  return blob ?? file;
}
