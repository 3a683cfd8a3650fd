/**
 * Partial builds (docs/decisions/130-fast-builds.md): which build the coordinator asks for after which
 * change, and how a partial build is planned and completed from the previous build's directory.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  type BuildInfo,
  fingerprint,
  keptPages,
  linkFromBase,
  pageFile,
  planPartial,
  readDepsFile,
} from '../../src/server/publish/partial.ts';
import { jsonAuth, openPublishApi, type PublishApi } from './publish-helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'partial-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(dir: string, rel: string, text: string) {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

const HOME = '/[...site]';
const OFFERS = '/[...site]/special-offers';
const OFFER = '/[...site]/special-offers/[slug]';
const BLOG = '/[...site]/blog/[slug]';
const SHELL = '/[...site]/pre-owned/vehicle';

const baseInfo: BuildInfo = {
  fingerprint: 'code-1',
  deps: {
    [HOME]: ['dealers', 'offers', 'banners'],
    [OFFERS]: ['dealers', 'offers'],
    [OFFER]: ['dealers', 'offers'],
    [BLOG]: ['dealers', 'blog'],
    [SHELL]: ['dealers'],
  },
  pages: {
    [HOME]: ['index.html', 'dealer/west-rand/index.html'],
    [OFFERS]: ['special-offers/index.html', 'dealer/west-rand/special-offers/index.html'],
    [OFFER]: ['special-offers/old-deal/index.html', 'special-offers/new-deal/index.html'],
    [BLOG]: ['blog/boxer/index.html', 'dealer/west-rand/blog/boxer/index.html'],
    [SHELL]: ['pre-owned/vehicle/index.html'],
  },
};

describe('planning a partial build', () => {
  it('re-renders exactly the routes that read a changed section', () => {
    expect(planPartial(baseInfo, ['offers'], 'code-1')).toEqual([HOME, OFFERS, OFFER]);
    expect(planPartial(baseInfo, ['blog'], 'code-1')).toEqual([BLOG]);
    expect(planPartial(baseInfo, ['blog', 'banners'], 'code-1')).toEqual([HOME, BLOG]);
    expect(planPartial(baseInfo, ['stock'], 'code-1')).toEqual([]);
  });

  it('asks for a full build when the code changed, there is no record, or a section was read outside any route', () => {
    expect(planPartial(baseInfo, ['offers'], 'code-2')).toBeNull();
    expect(planPartial(null, ['offers'], 'code-1')).toBeNull();
    const unknown = { ...baseInfo, deps: { ...baseInfo.deps, '?': ['offers' as const] } };
    expect(planPartial(unknown, ['offers'], 'code-1')).toBeNull();
    expect(planPartial(unknown, ['blog'], 'code-1')).toEqual([BLOG]);
  });

  it('reads what the pages recorded, by route', () => {
    const file = join(scratch, 'deps.tsv');
    writeFileSync(
      file,
      [
        `${HOME}\tdealers`,
        `${HOME}\toffers`,
        `${HOME}\toffers`,
        `${HOME}\t@/`,
        `${HOME}\t@/dealer/west-rand/`,
        `${OFFER}\t@/special-offers/new-deal`,
        '/robots.txt\t@/robots.txt',
        `${BLOG}\tnot-a-section`,
        '',
      ].join('\n'),
    );
    expect(readDepsFile(file)).toEqual({
      deps: { [HOME]: ['dealers', 'offers'] },
      pages: {
        [HOME]: ['index.html', 'dealer/west-rand/index.html'],
        [OFFER]: ['special-offers/new-deal/index.html'],
        '/robots.txt': ['robots.txt'],
      },
    });
    expect(pageFile('/blog/boxer/')).toBe('blog/boxer/index.html');
  });

  it('a template change gives another fingerprint; the server and tests do not count', () => {
    const root = join(scratch, 'code');
    write(root, 'src/pages/index.astro', '<h1>Home</h1>');
    write(root, 'src/server/app.ts', 'export {}');
    write(root, 'src/domain/x.test.ts', 'test');
    write(root, 'astro.config.mjs', 'export default {}');
    const before = fingerprint(root);
    write(root, 'src/server/app.ts', 'export const changed = 1;');
    write(root, 'src/domain/x.test.ts', 'changed');
    expect(fingerprint(root)).toBe(before);
    write(root, 'src/pages/index.astro', '<h1>Home, new template</h1>');
    expect(fingerprint(root)).not.toBe(before);
  });
});

describe('completing a partial build from the previous one', () => {
  const base = join(scratch, 'b1');
  const out = join(scratch, 'b2');
  write(base, 'index.html', '<h1>home, old special</h1>');
  write(base, 'dealer/west-rand/index.html', '<h1>dealer home</h1>');
  write(base, 'special-offers/index.html', '<h1>offers</h1>');
  write(base, 'dealer/west-rand/special-offers/index.html', '<h1>dealer offers</h1>');
  write(base, 'special-offers/old-deal/index.html', '<h1>a deal since deleted</h1>');
  write(base, 'special-offers/new-deal/index.html', '<h1>old text</h1>');
  write(base, 'blog/boxer/index.html', '<h1>boxer</h1>');
  write(base, 'dealer/west-rand/blog/boxer/index.html', '<h1>boxer at west rand</h1>');
  write(base, 'pre-owned/vehicle/index.html', '<h1>shell</h1>');
  // Island props kept apart from their pages (decision 349): a kept page's, and two re-rendered pages'.
  write(base, 'blog/boxer/islands.json', '{"boxer":{}}');
  write(base, 'islands.json', '{"home":"old"}');
  write(base, 'special-offers/islands.json', '{"offers":"gone"}');
  write(base, '_astro/old.abc.js', 'old()');
  write(base, '_astro/old.abc.js.br', 'br');
  write(base, '_astro/old.abc.js.gz', 'gz');
  write(base, 'sitemap-index.xml', 'old');
  write(base, 'sitemap-0.xml', 'old');
  write(base, '.build.json', JSON.stringify(baseInfo));
  // What the partial astro build rendered for a specials change: the offer routes and home pages.
  write(out, 'index.html', '<h1>home, new special</h1>');
  write(out, 'dealer/west-rand/index.html', '<h1>dealer home, new special</h1>');
  write(out, 'special-offers/index.html', '<h1>offers, new</h1>');
  write(out, 'dealer/west-rand/special-offers/index.html', '<h1>dealer offers, new</h1>');
  write(out, 'special-offers/new-deal/index.html', '<h1>new text</h1>');
  write(out, 'special-offers/new-deal/thank-you/index.html', '<h1>thanks</h1>');
  // The per-device pages (issue #11) are built, but are no page for a search engine.
  write(out, 'pre-owned/saved/index.html', '<h1>Saved cars</h1>');
  write(out, 'dealer/west-rand/pre-owned/compare/index.html', '<h1>Compare cars</h1>');
  write(out, '_astro/new.def.js', 'new()');
  write(out, 'islands.json', '{"home":"new"}');
  write(out, '404.html', '<h1>404</h1>');
  const kept = keptPages(base, baseInfo, [HOME, OFFERS, OFFER]);
  const linked = linkFromBase(base, out, baseInfo, [HOME, OFFERS, OFFER]);
  const read = (rel: string) => readFileSync(join(out, rel), 'utf8');
  const sameFile = (rel: string) => statSync(join(out, rel)).ino === statSync(join(base, rel)).ino;

  it('keeps every page of the other routes as a hard link to the same bytes', () => {
    for (const rel of [
      'blog/boxer/index.html',
      'dealer/west-rand/blog/boxer/index.html',
      'pre-owned/vehicle/index.html',
      'blog/boxer/islands.json',
      '_astro/old.abc.js',
      '_astro/old.abc.js.br',
      '_astro/old.abc.js.gz',
    ])
      expect(sameFile(rel), rel).toBe(true);
    expect(linked).toBe(7);
  });

  it('serves the re-rendered pages, and not the pages of those routes that are gone', () => {
    expect(read('index.html')).toContain('new special');
    expect(read('special-offers/new-deal/index.html')).toContain('new text');
    expect(sameFile('index.html')).toBe(false);
    expect(existsSync(join(out, 'special-offers/old-deal/index.html'))).toBe(false);
    expect(read('_astro/new.def.js')).toBe('new()');
    // A re-rendered page's island props are the new build's, or none: never the base build's.
    expect(read('islands.json')).toBe('{"home":"new"}');
    expect(existsSync(join(out, 'special-offers/islands.json'))).toBe(false);
    expect(existsSync(join(out, '.build.json'))).toBe(false); // written by the build, not linked
  });

  it('names the pages it keeps for the sitemap, and leaves the old sitemap to be written anew', () => {
    expect(kept).toEqual(['/blog/boxer/', '/dealer/west-rand/blog/boxer/', '/pre-owned/vehicle/']);
    expect(existsSync(join(out, 'sitemap-index.xml'))).toBe(false);
    expect(existsSync(join(out, 'sitemap-0.xml'))).toBe(false);
  });

  it('links the sitemap too when no route was re-rendered: the page set is the base one', () => {
    const same = join(scratch, 'b3');
    mkdirSync(same, { recursive: true });
    linkFromBase(base, same, baseInfo, []);
    expect(statSync(join(same, 'sitemap-0.xml')).ino).toBe(statSync(join(base, 'sitemap-0.xml')).ino);
  });
});

describe('which build the coordinator asks for', () => {
  let api: PublishApi;
  afterEach(() => api?.close());

  const patch = (path: string, body: unknown) =>
    api.fetch(path, { method: 'PATCH', headers: jsonAuth, body: JSON.stringify(body) });

  const firstId = async (resource: string) =>
    (await api.json<{ 'hydra:member': { id: number }[] }>(`/api/editor/${resource}`, { headers: jsonAuth }))
      .body['hydra:member'][0]?.id;

  it('first a full build; then an edit re-renders only its section, from the build before', async () => {
    // Long enough that two PATCHes land inside one quiet window on a busy machine.
    api = await openPublishApi('sqlite', { debounceMs: 400 });
    await api.coordinator.trigger('manual');
    await api.coordinator.idle();
    const first = api.fake.calls[0] as string;
    expect(api.fake.bases).toEqual([undefined]);

    const post = await firstId('blog_posts');
    expect((await patch(`/api/editor/blog_posts/${post}`, { title: 'A partial title' })).status).toBe(200);
    await api.coordinator.idle();
    expect(api.fake.bases[1]).toEqual({ dir: join(api.coordinator.buildsDir, first), changed: ['blog'] });

    // Two resources in one quiet period: one build for both sections.
    const special = await firstId('specials');
    expect((await patch(`/api/editor/specials/${special}`, { title: 'Partial special' })).status).toBe(200);
    expect((await patch(`/api/editor/blog_posts/${post}`, { title: 'Another title' })).status).toBe(200);
    await api.coordinator.idle();
    expect(api.fake.bases).toHaveLength(3);
    expect(api.fake.bases[2]).toEqual({
      dir: join(api.coordinator.buildsDir, api.fake.calls[1] as string),
      changed: ['blog', 'offers'],
    });
  });

  it('a manual build, a change of no known section and the build after a failure are full builds', async () => {
    api = await openPublishApi('sqlite');
    const build = async (step: () => unknown) => {
      await step();
      await api.coordinator.idle();
      return api.fake.bases.at(-1);
    };
    expect(await build(() => api.coordinator.trigger('manual'))).toBeUndefined();
    expect((await build(() => api.coordinator.contentChanged('blog_posts')))?.changed).toEqual(['blog']);
    expect(await build(() => api.coordinator.trigger('webhook'))).toBeUndefined();
    expect(await build(() => api.coordinator.contentChanged('something_new'))).toBeUndefined();
    expect(await build(() => api.coordinator.contentChanged())).toBeUndefined();

    api.fake.failNext('boom');
    expect((await build(() => api.coordinator.contentChanged('blog_posts')))?.changed).toEqual(['blog']);
    // The failed build's blog change is still to be built: the next build is a full one.
    expect(await build(() => api.coordinator.contentChanged('banners'))).toBeUndefined();
    expect((await build(() => api.coordinator.contentChanged('banners')))?.changed).toEqual(['banners']);
  });
});
