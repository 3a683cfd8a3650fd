/**
 * The built demo site for a measurement: `url` when given (a running site), else the e2e server
 * (data/e2e, its build reused when there is one) started on `port` until `stop()`.
 */
import { spawn } from 'node:child_process';

export async function siteUnderTest(url: string | undefined, port: number) {
  if (url) return { base: url, stop: () => {} };
  const server = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(port), E2E_REUSE_BUILD: process.env.E2E_REUSE_BUILD ?? '1' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { base, stop: () => server.kill('SIGTERM') };
}
