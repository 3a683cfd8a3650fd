/** The Node preflight that every npm script runs first: silent on a new enough Node, clear on an old one. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const script = new URL('./check-node.cjs', import.meta.url).pathname;
const run = (node: string) => spawnSync(node, [script], { encoding: 'utf8' });

/** Debian's Node on the development machines is 20; CI may have none. */
const oldNode = '/usr/bin/node';
const oldMajor = existsSync(oldNode)
  ? Number(spawnSync(oldNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0])
  : 0;

describe('check-node', () => {
  it('passes quietly on this Node', () => {
    const r = run(process.execPath);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });

  it.skipIf(!(oldMajor > 0 && oldMajor < 22))(
    'names the Node needed and the one set-up command on an old Node',
    () => {
      const r = run(oldNode);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('needs Node.js 22.12 or newer (24 recommended)');
      expect(r.stderr).toContain('bash scripts/setup.sh start');
    },
  );
});
