/** Starts the bare baseline (bare-server.ts) with the bytes the product gave for each path. */
import { type ChildProcess, fork } from 'node:child_process';
import { freePort } from './free-port.ts';

export async function startBare(
  source: string,
  paths: string[],
  sameBytesDir?: string,
  port?: string,
): Promise<{ child: ChildProcess; base: string }> {
  const chosen = port ?? String(await freePort());
  return new Promise((ok, fail) => {
    const child = fork('scripts/bench/bare-server.ts', [], {
      env: {
        ...process.env,
        BARE_PORT: chosen,
        ...(sameBytesDir
          ? { SAME_BYTES_DIR: sameBytesDir }
          : { SOURCE_URL: source, PATHS: JSON.stringify(paths) }),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => ok({ child, base: `http://127.0.0.1:${(m as { port: number }).port}` }));
    child.once('exit', (code) => fail(new Error(`bare server exited with ${code}`)));
  });
}
