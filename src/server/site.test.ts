import { mkdirSync, mkdtempSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentBuildDir } from './site.ts';

/** Publishing renames a new `current` link over the old one; the next lookup must follow it at once. */
describe('currentBuildDir', () => {
  it('follows the current link, and a link renamed over it, and says null when there is none', () => {
    const builds = mkdtempSync(join(tmpdir(), 'builds-'));
    expect(currentBuildDir(builds)).toBeNull();
    for (const id of ['a', 'b']) mkdirSync(join(builds, id));
    symlinkSync(join(builds, 'a'), join(builds, 'current'));
    expect(currentBuildDir(builds)).toBe(join(builds, 'a'));
    expect(currentBuildDir(builds)).toBe(join(builds, 'a'));
    symlinkSync(join(builds, 'b'), join(builds, 'current.tmp'));
    renameSync(join(builds, 'current.tmp'), join(builds, 'current'));
    expect(currentBuildDir(builds)).toBe(join(builds, 'b'));
  });
});
