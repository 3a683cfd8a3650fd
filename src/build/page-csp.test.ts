import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withPageCspHashes } from './page-csp.ts';

const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const policyOf = (html: string) => /content="([^"]*)"/.exec(html)?.[1] ?? '';
const sources = (html: string, directive: string) =>
  policyOf(html)
    .split(';')
    .find((d) => d.trim().startsWith(`${directive} `))
    ?.trim()
    .split(' ')
    .slice(1);

const RUN = 'console.log(1)';
const STYLE = 'p{color:teal}';
const ELSEWHERE = 'other.page()';
const page = (policy: string, body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="${policy}"><style>${STYLE}</style></head><body>${body}</body></html>`;
const SITE_POLICY = `default-src 'self';img-src 'self' data:; script-src 'self' ${hash(RUN)} ${hash(ELSEWHERE)}; style-src 'self' ${hash(STYLE)} ${hash('h1{}')}`;

describe("a page's CSP cut to its own inline code", () => {
  it('keeps the hashes of the scripts and styles the page holds, and drops the rest of the site', () => {
    const out = withPageCspHashes(page(SITE_POLICY, `<script>${RUN}</script>`));
    expect(sources(out, 'script-src')).toEqual(["'self'", hash(RUN)]);
    expect(sources(out, 'style-src')).toEqual(["'self'", hash(STYLE)]);
    // Everything else is as it was, in its order.
    expect(policyOf(out)).toMatch(/^default-src 'self';img-src 'self' data:; script-src /);
  });

  it('never allows inline code the site did not hash (an injected script stays refused)', () => {
    const injected = 'steal(document.cookie)';
    const out = withPageCspHashes(page(SITE_POLICY, `<script>${RUN}</script><script>${injected}</script>`));
    expect(sources(out, 'script-src')).not.toContain(hash(injected));
    expect(sources(out, 'script-src')).toContain(hash(RUN));
  });

  it('gives data blocks (JSON-LD) no hash, and leaves scripts loaded from files to the policy', () => {
    const ld = '{"@type":"AutoDealer"}';
    const policy = `script-src 'self' ${hash(ld)} ${hash(RUN)}`;
    const out = withPageCspHashes(
      page(
        policy,
        `<script type="application/ld+json">${ld}</script><script type="module" src="/a.js"></script>`,
      ),
    );
    expect(sources(out, 'script-src')).toEqual(["'self'"]);
  });

  it('leaves a page without a hashed policy as it is', () => {
    const plain = '<html><head><title>x</title></head><body><script>x()</script></body></html>';
    expect(withPageCspHashes(plain)).toBe(plain);
    const unhashed = page("default-src 'self'", '');
    expect(withPageCspHashes(unhashed)).toBe(unhashed);
  });

  it('reads the algorithm from the policy (sha384 as well as sha256)', () => {
    const h384 = `'sha384-${createHash('sha384').update(RUN).digest('base64')}'`;
    const other = `'sha384-${createHash('sha384').update(ELSEWHERE).digest('base64')}'`;
    const out = withPageCspHashes(page(`script-src 'self' ${h384} ${other}`, `<script>${RUN}</script>`));
    expect(sources(out, 'script-src')).toEqual(["'self'", h384]);
  });
});
