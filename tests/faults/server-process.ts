/**
 * The real server as `npm start` runs it (scripts/start.mjs), in a child process on a free loopback
 * port (or env.PORT), so fault and cluster tests can kill -9 it and start it again. The site build is
 * skipped (SKIP_BUILD=1): these tests are about the API, the lead pipeline and publishing built sites.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './pg-cluster.ts';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote, for the failure message. */
  output: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export async function startServer(
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
      REBUILD_SCHEDULE: 'off',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let out = '';
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"msg":"listening"')) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      live.delete(child);
    },
  };
}
