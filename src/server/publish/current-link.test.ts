import { mkdirSync, mkdtempSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentBuildDir, currentBuildId, publish, RECHECK_MS } from './current-link.ts';

function buildsWith(...ids: string[]) {
  const builds = mkdtempSync(join(tmpdir(), 'builds-'));
  for (const id of ids) mkdirSync(join(builds, id));
  return builds;
}

describe('the current link', () => {
  it('says null when nothing is published, and follows a publish in this process at once', () => {
    const builds = buildsWith('a', 'b');
    expect(currentBuildDir(builds)).toBeNull();
    publish(builds, 'a');
    expect(currentBuildDir(builds)).toBe(join(builds, 'a'));
    expect(currentBuildId(builds)).toBe('a');
    publish(builds, 'b');
    expect(currentBuildDir(builds)).toBe(join(builds, 'b'));
    expect(currentBuildId(builds)).toBe('b');
  });

  it('sees a link another process renamed over it once RECHECK_MS have passed, not per request', () => {
    const builds = buildsWith('a', 'b');
    const t = 1_000_000;
    publish(builds, 'a');
    expect(currentBuildDir(builds, t)).toBe(join(builds, 'a'));
    // Another process publishes b: the same rename publish() does, without this module knowing.
    symlinkSync('b', join(builds, 'current.tmp'));
    renameSync(join(builds, 'current.tmp'), join(builds, 'current'));
    expect(currentBuildDir(builds, t + RECHECK_MS - 1)).toBe(join(builds, 'a'));
    expect(currentBuildDir(builds, t + RECHECK_MS + 1)).toBe(join(builds, 'b'));
  });
});
