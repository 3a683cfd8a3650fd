/**
 * nginx as the file-server reference for `npm run bench` (decision 255): installed from Debian when missing
 * (`apt-get install -y nginx-light`, as root), one worker (our server is one process), access log on,
 * sendfile, serving the samples of same-bytes.ts at /t0, /t1, … with the product's type, encoding and
 * every other header it sent, plus a fresh X-Request-Id ($request_id) as ours (the bytes are already
 * compressed: nginx compresses nothing, as our server answers from memory).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';
import type { Sample } from './same-bytes.ts';

const NGINX = '/usr/sbin/nginx';

/** nginx's path, installing it from Debian when it is missing; null when it cannot be had. */
export function ensureNginx(): string | null {
  if (existsSync(NGINX)) return NGINX;
  try {
    console.log('nginx is missing: apt-get install -y nginx-light');
    execFileSync('apt-get', ['install', '-y', 'nginx-light'], { stdio: 'inherit' });
  } catch {
    return null;
  }
  return existsSync(NGINX) ? NGINX : null;
}

/**
 * A header value as an nginx string: quoted, `"` and `\\` escaped. nginx has no escape for `$` (it starts
 * a variable), so a value holding one cannot be copied: the bench stops rather than compare other bytes.
 */
function nginxString(v: string): string {
  if (v === '$request_id') return v;
  if (v.includes('$')) throw new Error(`nginx cannot send this header value as it is (a $ in it): ${v}`);
  return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export async function startNginx(
  samplesDir: string,
  samples: Sample[],
  port?: number,
): Promise<{ base: string; child: ChildProcess; stop: () => void } | null> {
  const bin = ensureNginx();
  if (!bin) return null;
  const dir = resolve(samplesDir, '..', 'nginx');
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  port ??= await freePort();
  const root = resolve(samplesDir);
  const locations = samples
    .map(
      (s) =>
        `    location = /${s.id} { types { } default_type "${s.type}"; etag off; ${[
          ...(s.encoding ? [['Content-Encoding', s.encoding]] : []),
          ...s.headers,
          ['X-Request-Id', '$request_id'],
        ]
          .map(([name, value]) => `add_header ${name} ${nginxString(value ?? '')} always;`)
          .join(' ')} }`,
    )
    .join('\n');
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
${locations}
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/${samples[0]?.id}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child, stop: () => child.kill('SIGTERM') };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not start: see ${dir}/error.log`);
}
