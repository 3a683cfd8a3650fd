/**
 * The product as shipped, for the benchmarks: the command `npm start` runs (package.json: its Node
 * flags and environment, e.g. the heap and malloc settings of docs/decisions/295-memory-budget.md)
 * with the caller's environment and nothing silenced, its log lines appended to DATA_DIR/server.log as
 * a service manager would collect them. Ready once the home page is served (after the first build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

/**
 * The server command of `npm start` (its last `&&` step: `VAR=value … node flags… scripts/start.mjs`),
 * read from package.json so the benchmarks cannot drift from what ships.
 */
export function startCommand(): { env: Record<string, string>; args: string[] } {
  const script: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const words = (script.split('&&').at(-1) ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (let w = words[0]; w && /^[A-Z_]+=/.test(w); w = words[0]) {
    const [name, value] = w.split('=', 2) as [string, string];
    env[name] = value;
    words.shift();
  }
  if (words.shift() !== 'node' || words.at(-1) !== 'scripts/start.mjs')
    throw new Error(`package.json "start" does not end in node … scripts/start.mjs: ${script}`);
  return { env, args: words };
}

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
  const shipped = startCommand();
  const child = spawn(process.execPath, shipped.args, {
    env: { ...process.env, ...shipped.env, HOST: '127.0.0.1', PORT: String(port), ...env },
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
