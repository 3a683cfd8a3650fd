/**
 * SHA-256 of files read through one buffer that is used again for every file. Hashing a build's
 * 2,900 pages with `readFile` allocated a new buffer for each page (about 100 MB in all, in one second),
 * and the server kept 40–70 MB more resident memory for the rest of its life: glibc's heap is left
 * fragmented by that burst of freed buffers (measured; docs/decisions/348-build-hashing-without-garbage.md).
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

const BUFFER_BYTES = 128 * 1024;

/** A hasher for one reader at a time: calls must not overlap, as they share the buffer. */
export function fileHasher(): (path: string) => Promise<string> {
  const buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  return async (path) => {
    const file = await open(path, 'r');
    try {
      const hash = createHash('sha256');
      for (;;) {
        const { bytesRead } = await file.read(buffer, 0, BUFFER_BYTES, null);
        if (bytesRead === 0) return hash.digest('hex');
        hash.update(buffer.subarray(0, bytesRead));
      }
    } finally {
      await file.close();
    }
  };
}
