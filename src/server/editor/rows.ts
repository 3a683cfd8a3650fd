/** Row helpers the editor resources share: a row as editor input, and "is this value taken?". */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ContentTable } from './resources.ts';

export type Row = Record<string, unknown> & { id: number };

/** The row without its id (and without `keys`): what the editor sent. */
export const without = (row: Row, ...keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'id' && !keys.includes(k)));

/** Whether a row other than `id` has every `where` value. */
export async function taken(
  db: Kysely<Database>,
  table: ContentTable,
  where: Record<string, unknown>,
  id: number | null,
): Promise<boolean> {
  // biome-ignore lint/suspicious/noExplicitAny: the table is chosen at run time
  let q = (db as Kysely<any>).selectFrom(table).select('id');
  for (const [k, val] of Object.entries(where)) q = q.where(k, '=', val);
  if (id !== null) q = q.where('id', '!=', id);
  return Boolean(await q.executeTakeFirst());
}
