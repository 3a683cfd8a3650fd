/**
 * The `current` link under the builds directory: which build the site serves. Publishing renames a new
 * link over it in one step, so readers see the old build or the new one, never neither and never half.
 *
 * Every page request asks which build is current, so the answer is remembered. A publish in this
 * process (the rebuild coordinator, a rollback) updates it at once; a build published by another
 * process (`npm run build` beside a running server, a second server on the same disk) is seen within
 * RECHECK_MS, when the link is looked at again. Looking at it on every request (one lstat) was three
 * quarters of the server's own work for a static page on a machine with slow system calls.
 */

import { randomBytes } from 'node:crypto';
import { readlinkSync, realpathSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/** How stale the answer may be for a build published by another process. */
export const RECHECK_MS = 250;

const known = new Map<string, { dir: string | null; checkedAt: number }>();

function look(buildsDir: string, now: number): string | null {
  let dir: string | null;
  try {
    dir = realpathSync(join(buildsDir, 'current'));
  } catch {
    dir = null;
  }
  known.set(buildsDir, { dir, checkedAt: now });
  return dir;
}

/** The directory of the published build, or null when nothing is published. */
export function currentBuildDir(buildsDir: string, now = performance.now()): string | null {
  const was = known.get(buildsDir);
  if (was && now - was.checkedAt < RECHECK_MS) return was.dir;
  return look(buildsDir, now);
}

/** The id (directory name) of the published build, or null when nothing is published. */
export function currentBuildId(buildsDir: string): string | null {
  try {
    return readlinkSync(join(buildsDir, 'current'));
  } catch {
    return null;
  }
}

/** Points `current` at the build in one rename; this process serves it from the next request on. */
export function publish(buildsDir: string, buildId: string): void {
  const tmp = join(buildsDir, `.current-${process.pid}-${randomBytes(4).toString('hex')}`);
  symlinkSync(buildId, tmp);
  renameSync(tmp, join(buildsDir, 'current'));
  look(buildsDir, performance.now());
}
