/** An uploaded file: its public URL under /uploads and its file name. */
import * as v from 'valibot';
import { named } from './hydra.ts';

export const Upload = named(
  'Upload',
  v.object({ uri: v.pipe(v.string(), v.startsWith('/uploads/')), file: v.string() }),
);
export type Upload = v.InferOutput<typeof Upload>;
