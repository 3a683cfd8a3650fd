/**
 * A private, throw-away PostgreSQL cluster for fault tests: its own data directory under /tmp, its own
 * port, listening on 127.0.0.1 only. Tests stop, restart, freeze and thaw it; nothing ever touches the
 * shared cluster the other tests use. A detached watchdog stops it and removes its files when the test
 * process dies or after MAX_LIFE_S, whichever comes first, so a crashed run leaves nothing behind.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAX_LIFE_S = 300;

/** The directory holding initdb and pg_ctl, or undefined when PostgreSQL's server tools are absent. */
export function postgresBin(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) return join(found, '..');
  const dirs = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1'], {
    encoding: 'utf8',
  }).stdout.trim();
  return dirs && existsSync(join(dirs, 'initdb')) ? dirs : undefined;
}

/** A free TCP port on loopback (FAULT_PG_PORT pins it). */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

export interface Cluster {
  url: string;
  port: number;
  stop: () => void;
  start: () => void;
  /** SIGSTOP to the postmaster and every backend: the server accepts TCP but never answers. */
  freeze: () => void;
  thaw: () => void;
  destroy: () => void;
}

export async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'sdg-faultpg-'));
  const data = join(dir, 'data');
  const port = Number(process.env.FAULT_PG_PORT) || (await freePort());
  // initdb refuses to run as root: run the tools as the postgres user when we are root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres', dir]);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c shared_buffers=16MB',
    '-c max_connections=60',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  // The watchdog: ends with this process, or after MAX_LIFE_S.
  const pgCtl = join(bin, 'pg_ctl');
  const stopCmd = asRoot
    ? `runuser -u postgres -- ${pgCtl} -D ${data} -m immediate stop`
    : `${pgCtl} -D ${data} -m immediate stop`;
  const watchdog = spawn(
    'sh',
    [
      '-c',
      `end=$(( $(date +%s) + ${MAX_LIFE_S} )); while kill -0 ${process.pid} 2>/dev/null && [ $(date +%s) -lt $end ]; do sleep 1; done; ` +
        `for p in $(pgrep -P $(head -1 ${data}/postmaster.pid 2>/dev/null) 2>/dev/null) $(head -1 ${data}/postmaster.pid 2>/dev/null); do kill -CONT $p; done 2>/dev/null; ` +
        `${stopCmd} >/dev/null 2>&1; rm -rf ${dir}`,
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  const pids = () => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  };
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of pids()) {
      try {
        process.kill(pid, sig);
      } catch {
        // a backend that just ended
      }
    }
  };
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      try {
        signal('SIGCONT');
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      try {
        if (watchdog.pid) process.kill(watchdog.pid);
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
