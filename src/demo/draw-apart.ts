/**
 * The demo's images and brochures drawn in a child process (draw-child.ts), written to the store by
 * this one. sharp and libvips keep what they allocated while drawing 2,000 images (about 250 MB of the
 * server's resident memory after a first start, measured), for the life of the process that drew them;
 * a child returns it all when it exits (docs/decisions/295-memory-budget.md).
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import type { BlobStore } from '../server/media/storage.ts';

/** What the child asks of the store: the calls seedUploads makes. */
export type StoreCall =
  | { id: number; op: 'list' | 'get'; args: [string] }
  | { id: number; op: 'put'; args: [string, Uint8Array] };

export type ChildMessage =
  | { type: 'call'; call: StoreCall }
  | { type: 'done'; result: { written: number; skipped: number } }
  | { type: 'failed'; error: string };

export function seedUploadsApart(store: BlobStore): Promise<{ written: number; skipped: number }> {
  // From the project's folder, as the server's other paths are: this file runs compiled into
  // dist/server/serve.mjs (scripts/server-build.ts), where its own URL names no source file.
  const child = fork(resolve('src/demo/draw-child.ts'), [], {
    serialization: 'advanced', // Buffers and Dates as they are
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((ok, fail) => {
    let result: { written: number; skipped: number } | undefined;
    let error: string | undefined;
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'done') result = m.result;
      else if (m.type === 'failed') error = m.error;
      else {
        const c = m.call;
        const done: Promise<unknown> =
          c.op === 'put'
            ? store.put(c.args[0], Buffer.from(c.args[1].buffer, c.args[1].byteOffset, c.args[1].byteLength))
            : c.op === 'get'
              ? store.get(c.args[0])
              : store.list(c.args[0]);
        done.then(
          (value) => child.send({ id: c.id, value }),
          (err) => child.send({ id: c.id, error: String(err) }),
        );
      }
    });
    // 'close', not 'exit': the last message may still be on its way when the process exits.
    child.once('close', (code, signal) => {
      if (result && code === 0) ok(result);
      else fail(new Error(`drawing the demo files failed: ${error ?? `exit ${code ?? signal}`}`));
    });
  });
}
