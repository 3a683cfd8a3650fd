/**
 * Structured JSON logs on stdout (warnings and errors on stderr), one line per event. Never log personal data. Every line logged while
 * a request is being handled carries its id (`request_id`, also the X-Request-Id response header and
 * the `request_id` of a 5xx problem body), so one request's lines can be found together.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import pino from 'pino';
import { addOuterHeaders, setOuterHeaders } from './http/outer-headers.ts';

export type Level = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
  /** Writes out buffered lines now (before process.exit). */
  flush?: () => void;
  /**
   * One access-log line: what `info('request', fields)` writes, byte for byte, made without pino (no
   * mixin, no multistream). The fast path (http/fast-path.ts) writes one per answer, and pino's way
   * cost about 5 µs of a 40–70 µs static answer on the development host (profiled; decision 305).
   */
  request?: (fields: AccessFields) => void;
}

/** The fields of an access-log line, in the order the Hono chain's line has them (server.ts). */
interface AccessFields {
  request_id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

const requests = new AsyncLocalStorage<{ id: string }>();

/** The id of the request being handled, if any. */
export const currentRequestId = (): string | undefined => requests.getStore()?.id;

/** Gives each request an id for its log lines and the X-Request-Id header (once, however often mounted). */
export function requestIds(): MiddlewareHandler {
  return async (c, next) => {
    if (currentRequestId()) return next();
    const id = randomUUID();
    const headers = { 'X-Request-Id': id };
    addOuterHeaders(c, headers);
    await requests.run({ id }, async () => {
      await next();
      setOuterHeaders(c, headers, true);
    });
  };
}

/**
 * pino's `isoTime`, made once per millisecond: under load a dozen access-log lines share each one, and
 * formatting the date showed in a static page's CPU profile (docs/performance.md).
 */
let lastMs = -1;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** Where lines go instead of stdout/stderr (tests): anything with a `write(line)`. */
export interface LogSink {
  write: (line: string) => void;
}

/**
 * pino (the per-request line was a synchronous JSON.stringify + write on the hot path): lines
 * are buffered and written asynchronously (sonic-boom), debug/info to stdout and warn/error to stderr.
 * The line format stays ours: ISO `time`, `level` as a word, `name`, `msg`, `request_id`, fields.
 */
export function createLogger(level: Level | 'silent' = 'info', name = 'server', sink?: LogSink): Logger {
  // Info lines go to `infoOut`: through pino, and the access lines of `request` straight, in one order.
  const infoOut = sink ?? asyncFd(1);
  const destination =
    sink ??
    pino.multistream(
      [
        { level: 'debug', stream: infoOut },
        { level: 'warn', stream: asyncFd(2) },
      ],
      { dedupe: true },
    );
  const log = pino(
    {
      level,
      base: { name },
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request_id = currentRequestId();
        return request_id ? { request_id } : {};
      },
    },
    destination as pino.DestinationStream,
  );
  const emit = (l: Level) => (msg: string, fields?: Record<string, unknown>) => log[l](fields ?? {}, msg);
  // pino's line for these fields: level, time, base, the fields in order, msg (strings as JSON.stringify
  // gives them, numbers as they print).
  const base = `,"name":${JSON.stringify(name)}`;
  const request = log.isLevelEnabled('info')
    ? (f: AccessFields) =>
        infoOut.write(
          `{"level":"info"${isoTime()}${base},"request_id":${JSON.stringify(f.request_id)},"method":${JSON.stringify(f.method)},"path":${JSON.stringify(f.path)},"status":${f.status},"ms":${f.ms},"msg":"request"}\n`,
        )
    : () => {};
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    flush: () => flushAll(),
    request,
  };
}

/** One asynchronous writer per file descriptor, shared by every logger of the process, flushed at exit. */
const writers = new Map<number, ReturnType<typeof pino.destination>>();
function asyncFd(fd: number): LogSink {
  let w = writers.get(fd);
  if (!w) {
    // Info lines (the access log) are written in blocks of 12 KB, and at least every 100 ms when quiet:
    // one write per line was a large share of a cached answer's CPU (docs/performance.md). Warnings and
    // errors (fd 2) go out at once.
    // fd 1 holds its lines as bytes: as text, sonic-boom measured the byte length of its whole pending
    // block for every line it added (3 µs a line, against 1 µs for Buffer.from; decision 305).
    w =
      fd === 1
        ? pino.destination({
            dest: fd,
            sync: false,
            minLength: 12 * 1024,
            periodicFlush: 100,
            contentMode: 'buffer',
          })
        : pino.destination({ dest: fd, sync: false });
    writers.set(fd, w);
  }
  if (fd !== 1) return w;
  const bytes = w as unknown as { write: (b: Buffer) => boolean };
  return { write: (line: string) => bytes.write(Buffer.from(line)) };
}
function flushAll() {
  for (const w of writers.values()) {
    try {
      w.flushSync();
    } catch {
      // not ready yet (nothing written) or already closed
    }
  }
}
process.on('exit', flushAll);
