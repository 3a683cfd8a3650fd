/**
 * `npm run audit`: Lighthouse (mobile) with Debian's Chromium over one page of each template, printing
 * performance / accessibility / best practices / SEO and writing them into docs/performance.md.
 * Lighthouse lives in tools/audit (installed on first use) to keep its `latest` pins out of our lock file.
 * AUDIT_URL audits a running site; otherwise the e2e server (data/e2e) is started for the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SHOWCASE } from '../src/demo/fixtures.ts';
import { siteUnderTest } from './bench/site-under-test.ts';

// One page of each template, since the LCP goal holds for every template (decision 195); `{post}` and `{special}` are replaced by the
// newest blog post's and the first special's slug.
const PAGES = (
  process.env.AUDIT_PAGES ??
  [
    '/',
    '/dealer/west-rand',
    '/new',
    '/showroom',
    '/showroom/subaru/forester',
    '/showroom/subaru/forester/2-5i',
    '/showroom/subaru/forester/2-5i/enquire',
    '/test-drive/subaru/forester',
    '/special-offers',
    '/special-offers/{special}',
    '/pre-owned',
    `${SHOWCASE.path}`,
    `${SHOWCASE.path}/enquire`,
    '/pre-owned/saved',
    '/pre-owned/compare',
    '/pre-owned/test-drive',
    '/finance',
    '/sell-your-car',
    '/book-a-service',
    '/parts',
    '/contact-us',
    '/contact-us/thank-you',
    '/blog',
    '/blog/{post}',
    '/about-us',
    '/privacy-policy',
  ].join(',')
)
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
/** The goal for the largest contentful paint of every template under Lighthouse's mobile emulation (decision 195). */
const LCP_GOAL_MS = 1200;

interface LighthouseNode {
  type?: string;
  selector?: string;
  nodeLabel?: string;
}
interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: LighthouseNode[] } }>;
}

/** What the LCP was (an image, a heading…): the node Lighthouse 13's LCP breakdown names. */
function lcpElement(report: LighthouseReport): string {
  const node = report.audits['lcp-breakdown-insight']?.details?.items?.find((i) => i.type === 'node');
  const label = (node?.selector ?? node?.nodeLabel ?? '?').split(' > ').slice(-2).join(' > ');
  return `\`${label.replace(/[|`]/g, ' ').slice(0, 48)}\``;
}

const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LH = 'tools/audit/node_modules/lighthouse/cli/index.js';

if (!existsSync(LH))
  execFileSync('npm', ['install', '--prefix', 'tools/audit', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });

const { base, stop } = await siteUnderTest(process.env.AUDIT_URL, Number(process.env.AUDIT_PORT ?? 4391));

const latest = await fetch(`${base}/api/blog`).then(
  (r) => r.json() as Promise<{ 'hydra:member': { slug: string }[] }>,
);
const specials = await fetch(`${base}/api/special-deals/all`).then(
  (r) => r.json() as Promise<{ 'hydra:member': { specials: { slug: string }[] }[] }>,
);
const pages = PAGES.map((p) =>
  p
    .replace('{post}', latest['hydra:member'][0]?.slug ?? '')
    .replace('{special}', specials['hydra:member'][0]?.specials[0]?.slug ?? ''),
);

const flags =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';
const rows: string[] = [];
for (const path of pages) {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [
        LH,
        base + path,
        '--output=json',
        '--quiet',
        `--chrome-flags=${flags}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024 },
    ).toString();
  } catch (err) {
    // A page Lighthouse cannot load is a finding, not a reason to lose the other pages' scores.
    const row = `| ${path} | failed: ${String((err as Error).message).split('\n')[0]} | | | | | |`;
    rows.push(row);
    console.log(row);
    process.exitCode = 1;
    continue;
  }
  const report = JSON.parse(out) as LighthouseReport;
  const s = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
  const lcp = report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  const lcpOk = lcp <= LCP_GOAL_MS;
  if (!lcpOk) process.exitCode = 1;
  const row = `| ${path} | ${s('performance')} | ${(lcp / 1000).toFixed(1)} s${lcpOk ? '' : ' ✗'} | ${lcpElement(report)} | ${s('accessibility')} | ${s('best-practices')} | ${s('seo')} |`;
  rows.push(row);
  console.log(row);
}
stop();

const table = [
  `Lighthouse 13 (mobile emulation, Debian Chromium), measured ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| page | performance | LCP | LCP element | accessibility | best practices | SEO |',
  '|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}`);
const doc = 'docs/performance.md';
const text = readFileSync(doc, 'utf8');
if (text.includes('<!-- audit:start -->')) {
  writeFileSync(
    doc,
    text.replace(
      /<!-- audit:start -->[\s\S]*<!-- audit:end -->/,
      `<!-- audit:start -->\n${table}\n<!-- audit:end -->`,
    ),
  );
}
