/**
 * The write steps every editor resource shares (content in crud.ts, used stock in routes/stock.ts): check a
 * whole input, insert or update it, and turn a unique index's refusal into the client's 422 when another
 * request took a value the client chose (a slug, a stock number), or into a retry when it only took the id.
 */
import type * as v from 'valibot';
import type { Violation } from '../../contract/index.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { validateWhole } from '../http/validate.ts';
import { violationError } from '../hydra.ts';

/** Unknown fields and the schema first, then the checks that need the database; 422 naming each field. */
// biome-ignore lint/suspicious/noExplicitAny: any object schema, as validateWhole takes
export async function checkWhole<S extends v.ObjectSchema<any, any>>(
  schema: S,
  input: Record<string, unknown>,
  checks: (data: v.InferOutput<S>) => Promise<Violation[]>,
): Promise<v.InferOutput<S>> {
  const data = validateWhole(schema, input);
  const found = await checks(data);
  if (found.length) throw violationError(found);
  return data;
}

/**
 * Inserts; on a unique clash asks `recheck` again: a value now taken is a 422, an id taken by a concurrent
 * insert is tried again (five attempts in all).
 */
export async function insertChecked<T>(insert: () => Promise<T>, recheck: () => Promise<Violation[]>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert();
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
      const found = await recheck();
      if (found.length) throw violationError(found);
    }
  }
}

/** Updates; a unique clash (a concurrent write took the slug or stock number) is the client's 422. */
export async function updateChecked(update: () => Promise<unknown>, recheck: () => Promise<Violation[]>) {
  try {
    await update();
  } catch (err) {
    if (isUniqueViolation(err)) throw violationError(await recheck());
    throw err;
  }
}
