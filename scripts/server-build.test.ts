/**
 * What the compiled server (`npm start`) loads from the moment it starts (issue 27, memory). The AWS SDK,
 * nodemailer, sharp, and pdfkit with its font code are loaded where they are first used: a bucket store's
 * first call, the first e-mail, the first photo, the demo's drawing child. A server on local disk without
 * SMTP_URL holds none of them (docs/decisions/346-load-heavy-libraries-on-first-use.md), and runs as
 * JavaScript (docs/decisions/347-server-runs-compiled.md).
 */
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './server-build.ts';

const ENTRY = 'dist/server/serve.mjs';

/** The packages imported by the entry and by the chunks it imports statically, which load at start. */
function packagesAtStart(meta: Metafile): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of meta.outputs[file]?.imports ?? []) {
      if (i.kind !== 'import-statement') continue;
      if (!i.external) visit(i.path);
      else if (!i.path.startsWith('node:')) packages.add(/^(?:@[^/]+\/)?[^/]+/.exec(i.path)?.[0] ?? i.path);
    }
  };
  visit(ENTRY);
  return packages;
}

/** Every package any output file imports, at start or later. */
const packagesAtAll = (meta: Metafile) =>
  new Set(
    Object.values(meta.outputs).flatMap((o) =>
      o.imports.filter((i) => i.external).map((i) => /^(?:@[^/]+\/)?[^/]+/.exec(i.path)?.[0] ?? i.path),
    ),
  );

describe('the compiled server', () => {
  let meta: Metafile;
  beforeAll(async () => {
    meta = await buildServer();
  }, 60_000);

  it('leaves the AWS SDK, nodemailer, sharp and pdfkit until they are first used', () => {
    const atStart = packagesAtStart(meta);
    // What the server needs from the start is there, so an empty list cannot pass.
    for (const needed of ['hono', 'kysely', 'better-auth', 'pino']) expect(atStart).toContain(needed);
    for (const heavy of ['@aws-sdk/client-s3', 'nodemailer', 'sharp', 'pdfkit'])
      expect(atStart, `${heavy} is imported at start`).not.toContain(heavy);
    // …and the server still has them for when they are used.
    const atAll = packagesAtAll(meta);
    for (const later of ['@aws-sdk/client-s3', 'nodemailer', 'sharp'])
      expect(atAll, `${later} is not imported at all`).toContain(later);
  });

  it('is JavaScript that imports no TypeScript file', () => {
    const imported = Object.values(meta.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(imported.filter((p) => p.endsWith('.ts'))).toEqual([]);
    expect(Object.keys(meta.outputs).filter((f) => !/\.mjs(\.map)?$/.test(f))).toEqual([]);
  });
});
