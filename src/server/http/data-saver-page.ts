/**
 * A built page as data saver serves it (docs/decisions/234-data-saver.md), rewritten once per page and
 * build with node-html-parser: every image and the hero's preload offer only their narrowest (phone)
 * rendition, every image but the hero waits until it nears the screen, the map frame becomes a link,
 * <html data-saver> tells the carousels not to start, and the footer's switch offers to turn it off.
 */
import { parse } from 'node-html-parser';
import { narrowestCandidate } from '../../domain/data-saver.ts';

export function dataSaverPage(html: string): string {
  const root = parse(html, { comment: true });
  root.querySelector('html')?.setAttribute('data-saver', '');
  for (const el of root.querySelectorAll('img[srcset], source[srcset]')) {
    el.setAttribute('srcset', narrowestCandidate(el.getAttribute('srcset') ?? ''));
  }
  for (const img of root.querySelectorAll('img')) {
    if (img.getAttribute('fetchpriority') !== 'high') img.setAttribute('loading', 'lazy');
  }
  for (const link of root.querySelectorAll('link[rel="preload"][as="image"]')) {
    const set = link.getAttribute('imagesrcset');
    if (set) link.setAttribute('imagesrcset', narrowestCandidate(set));
  }
  for (const frame of root.querySelectorAll('deferred-frame')) {
    const fallback = frame.querySelector('noscript')?.innerHTML ?? '';
    const src = parse(fallback).querySelector('iframe')?.getAttribute('src');
    frame.replaceWith(
      src
        ? `<p class="map-saver">The map is not loaded while data saver is on. <a href="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" rel="noopener noreferrer">Open the map</a></p>`
        : '',
    );
  }
  const toggle = root.querySelector('[data-saver-toggle]');
  if (toggle) {
    toggle.setAttribute('value', '0');
    toggle.set_content('Data saver is on: turn it off');
  }
  return root.toString();
}
