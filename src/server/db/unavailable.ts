/**
 * Errors that mean "the database is not answering right now" rather than "this request is wrong":
 * a stopped, restarting, frozen or overloaded server, or a busy SQLite file. The API answers them
 * with 503 and Retry-After instead of 500; the pool reconnects by itself once it is back.
 */
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'QUERY_TIMEOUT', // db/client.ts: no answer within the statement timeout
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|database is locked|the database system is (starting up|shutting down)/i;

/** Seconds a client is asked to wait before retrying. */
export const DB_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, errors, cause } = e as {
      code?: unknown;
      message?: unknown;
      errors?: unknown[];
      cause?: unknown;
    };
    if (typeof code === 'string' && CODES.has(code)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true; // AggregateError
    e = cause;
  }
  return false;
}
