import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { dataSaverPage } from './data-saver-page.ts';

const PAGE = `<!DOCTYPE html><html lang="en-ZA"><head><link rel="preload" as="image" href="/h.webp" imagesrcset="/h-640.webp 640w, /h-1280.webp 1280w" fetchpriority="high"></head><body>
<img src="/h.webp" srcset="/h-640.webp 640w, /h-1280.webp 1280w" fetchpriority="high" loading="eager" alt="">
<picture><source srcset="/c-480.webp 480w, /c-960.webp 960w"><img src="/c.jpg" srcset="/c-480.webp 480w, /c-960.webp 960w" loading="eager" alt="x"></picture>
<deferred-frame><noscript><iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1&amp;layer=mapnik" title="Map"></iframe></noscript></deferred-frame>
<form method="post" action="/data-saver"><button name="on" value="1" data-saver-toggle>Data saver is off: turn it on</button></form>
</body></html>`;

describe('a page in its data-saver form', () => {
  const doc = parse(dataSaverPage(PAGE));
  it('offers only the narrowest rendition of every image and of the hero preload', () => {
    expect(doc.querySelector('link[rel=preload]')?.getAttribute('imagesrcset')).toBe('/h-640.webp 640w');
    expect(doc.querySelectorAll('[srcset]').map((e) => e.getAttribute('srcset'))).toEqual([
      '/h-640.webp 640w',
      '/c-480.webp 480w',
      '/c-480.webp 480w',
    ]);
  });
  it('puts off every image but the hero', () => {
    expect(doc.querySelectorAll('img').map((e) => e.getAttribute('loading'))).toEqual(['eager', 'lazy']);
  });
  it('replaces the map frame with a link, marks the page and flips the switch', () => {
    expect(doc.querySelector('deferred-frame')).toBeNull();
    expect(doc.querySelector('.map-saver a')?.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/export/embed.html?bbox=1&layer=mapnik',
    );
    expect(doc.querySelector('html')?.hasAttribute('data-saver')).toBe(true);
    const toggle = doc.querySelector('[data-saver-toggle]');
    expect([toggle?.getAttribute('value'), toggle?.text]).toEqual(['0', 'Data saver is on: turn it off']);
  });
});
