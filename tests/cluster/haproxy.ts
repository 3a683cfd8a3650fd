/**
 * Debian's HAProxy in front of the cluster test's instances, on loopback, health-checking /readyz.
 * The configuration written here is the example README "Running several instances" shows. Installed
 * with apt when missing and this process may (root); otherwise the caller skips, saying so.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

export function haproxyAvailable(): boolean {
  const has = () => spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim() !== '';
  if (has()) return true;
  if (process.getuid?.() !== 0) return false;
  spawnSync(
    'sh',
    [
      '-c',
      'apt-get install -y -qq haproxy >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq haproxy)',
    ],
    {
      stdio: 'ignore',
      timeout: 180_000,
    },
  );
  return has();
}

function haproxyConfig(opts: { port: number; servers: { name: string; port: number }[]; socket: string }) {
  return `global
  stats socket ${opts.socket} mode 600 level admin
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # Longer than clients' own idle limit (Node's fetch: 4 s), so a client never reuses a connection HAProxy just closed.
  timeout http-keep-alive 10s
  # A busy instance may take a moment to answer its check; down only after two failed checks.
  timeout check 3s
  # A request that could not reach an instance (it stopped or died) goes to another one.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 503
  option httplog

frontend site
  bind 127.0.0.1:${opts.port}
  # Only idempotent requests are sent again after reaching an instance; a POST only when it never got there.
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

export interface Haproxy {
  url: string;
  /** A command on the runtime API, e.g. `set server instances/i2 state drain`. */
  command: (line: string) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startHaproxy(
  dir: string,
  port: number,
  servers: { name: string; port: number }[],
): Promise<Haproxy> {
  const socket = join(dir, 'haproxy.sock');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ port, servers, socket }));
  const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  process.on('exit', () => child.kill('SIGKILL'));
  const command = (line: string) =>
    new Promise<string>((ok, fail) => {
      const conn = createConnection(socket);
      let out = '';
      conn.on('data', (d) => {
        out += d.toString();
      });
      conn.on('end', () => ok(out));
      conn.on('error', fail);
      conn.write(`${line}\n`);
    });
  // Up once the runtime API answers.
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await command('show info');
      break;
    } catch {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`haproxy did not start:\n${err}`);
      await new Promise((ok) => setTimeout(ok, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    command,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
