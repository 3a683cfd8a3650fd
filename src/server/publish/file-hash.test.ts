import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileHasher } from './file-hash.ts';

const dir = mkdtempSync(join(tmpdir(), 'file-hash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('fileHasher', () => {
  it('gives each file’s SHA-256, however its size compares with the shared buffer', async () => {
    const hashOf = fileHasher();
    // Empty, smaller than the buffer, exactly its size, and several buffers long with a remainder.
    for (const size of [0, 85_000, 128 * 1024, 3 * 128 * 1024 + 17]) {
      const bytes = randomBytes(size);
      const file = join(dir, `f${size}`);
      writeFileSync(file, bytes);
      expect(await hashOf(file), `${size} bytes`).toBe(sha256(bytes));
    }
  });

  it('does not carry a longer file’s bytes into the next, shorter one', async () => {
    const hashOf = fileHasher();
    writeFileSync(join(dir, 'long'), Buffer.alloc(200_000, 1));
    writeFileSync(join(dir, 'short'), 'short');
    await hashOf(join(dir, 'long'));
    expect(await hashOf(join(dir, 'short'))).toBe(sha256(Buffer.from('short')));
  });

  it('fails for a file that is not there', async () => {
    await expect(fileHasher()(join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
