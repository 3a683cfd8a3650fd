/**
 * Live progress of a running build for the builds screen: how many pages it has written so far
 * (astro writes each page as it renders it, into the staging directory and then the build's own),
 * against the page count of the last build that succeeded. Counted on request, at most once a second.
 */
import { resolve } from 'node:path';
import { htmlFiles } from './manifest.ts';

export interface BuildProgress {
  pages_written: number;
  expected_pages: number | null;
}

const recent = new Map<string, { at: number; count: number }>();

/** The directories a running build writes to (build.ts stages inside the project, then moves). */
const dirsOf = (id: string, outDir: string) => [resolve('node_modules/.cache/site-builds', id), outDir];

export function pagesWritten(id: string, outDir: string): number {
  const hit = recent.get(id);
  if (hit && Date.now() - hit.at < 1000) return hit.count;
  const count = Math.max(...dirsOf(id, outDir).map((d) => htmlFiles(d).length));
  recent.clear(); // one build runs at a time: keep only its entry
  recent.set(id, { at: Date.now(), count });
  return count;
}
