/** Structured JSON logs on stdout, one line per event. Never log personal data. */
export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug: (msg: string, fields?: Record<string, unknown>) => void;
  info: (msg: string, fields?: Record<string, unknown>) => void;
  warn: (msg: string, fields?: Record<string, unknown>) => void;
  error: (msg: string, fields?: Record<string, unknown>) => void;
}

export function createLogger(level: Level | 'silent' = 'info', name = 'server'): Logger {
  const emit =
    (l: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[l] < ORDER[level]) return;
      const line = JSON.stringify({ time: new Date().toISOString(), level: l, name, msg, ...fields });
      (l === 'error' || l === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
