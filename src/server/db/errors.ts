/** What a database error means, worded alike for SQLite and PostgreSQL. */

/** A unique index refused the write (SQLite and PostgreSQL word it differently). */
export const isUniqueViolation = (err: unknown) =>
  /UNIQUE constraint|duplicate key|23505/i.test(String((err as { code?: string })?.code ?? '') + String(err));
