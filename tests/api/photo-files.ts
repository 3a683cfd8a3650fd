/** Pictures, multipart bodies and a file listing for the content image tests. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';

/** A JPEG of one colour with EXIF (which the server must strip). */
export const picture = (width = 1800, height = 900, background = '#1a5ea0') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' } })
    .toBuffer();

export function form(...files: { data: Buffer; name: string }[]): FormData {
  const fd = new FormData();
  for (const f of files)
    fd.append('file', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name);
  return fd;
}

/** Every file under `dir`, relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}
