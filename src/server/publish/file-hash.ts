/**
 * SHA-256 of files read through one buffer that is used again for every file. Hashing a build's
 * 2,868 pages with `readFile` allocated a new buffer for each page (about 100 MB in all, in one second),
 * and the server kept about 30 MB more resident memory for the rest of its life: the burst of freed
 * buffers leaves glibc's heap fragmented (measured; docs/decisions/348-build-hashing-without-garbage.md).
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
