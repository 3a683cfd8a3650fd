/**
 * The product as shipped, for the benchmarks: `node scripts/start.ts` (what `npm start` runs) with the
 * caller's environment and nothing silenced, its log lines appended to DATA_DIR/server.log as a
 * service manager would collect them. Ready once the home page is served (after the first build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface Product {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

export async function startProduct(
  env: Record<string, string>,
  onSpawn: (pid: number) => void = () => {},
  readyTimeoutMs = 20 * 60_000,
): Promise<Product> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? 'data/bench';
  mkdirSync(dataDir, { recursive: true });
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', log, log],
  });
  onSpawn(child.pid as number);
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}: see ${dataDir}/server.log`);
    const ok = await fetch(`${base}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error('the server did not serve its home page in time');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
