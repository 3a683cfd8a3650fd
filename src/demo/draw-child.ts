/**
 * The child process of draw-apart.ts: draws the demo's missing images and brochures (seedUploads) into
 * a store whose `list`, `get` and `put` are answered by the parent over IPC, then exits.
 */
import type { BlobStore, StoredObject } from '../server/media/storage.ts';
import type { ChildMessage, StoreCall } from './draw-apart.ts';
import { seedUploads } from './seed-uploads.ts';

const send = (m: ChildMessage) => process.send?.(m);
const waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
let nextId = 0;
process.on('message', (m: { id: number; value?: unknown; error?: string }) => {
  const w = waiting.get(m.id);
  waiting.delete(m.id);
  if (m.error !== undefined) w?.fail(new Error(m.error));
  else w?.ok(m.value);
});
function call<T>(op: StoreCall['op'], args: StoreCall['args']): Promise<T> {
  const id = nextId++;
  return new Promise<T>((ok, fail) => {
    waiting.set(id, { ok: ok as (v: unknown) => void, fail });
    send({ type: 'call', call: { id, op, args } as StoreCall });
  });
}
const notHere = (): never => {
  throw new Error('only list, get and put reach the store from the drawing process');
};
const store: BlobStore = {
  list: (prefix) => call<StoredObject[]>('list', [prefix]),
  put: (key, data) => call<void>('put', [key, data]),
  delete: notHere,
  exists: notHere,
  get: async (key) => {
    const data = await call<Uint8Array | null>('get', [key]);
    return data && Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  },
  stat: notHere,
  open: notHere,
  signedUrl: notHere,
};

try {
  send({ type: 'done', result: await seedUploads(store) });
} catch (err) {
  send({ type: 'failed', error: String(err) });
  process.exitCode = 1;
}
process.disconnect();
