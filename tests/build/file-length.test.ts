/**
 * Small files with one job (README "Layout"): no source file under src/ is longer than 400 lines. A file
 * that grows past it has taken on a second job; split it by job, not by line count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const LIMIT = 400;
const SOURCE = /\.(ts|tsx|astro|mjs|css)$/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

it(`no source file under src/ is longer than ${LIMIT} lines`, () => {
  const long = [...sources('src')]
    .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > LIMIT)
    .map((f) => `${f.path}: ${f.lines} lines`);
  expect(long).toEqual([]);
});
