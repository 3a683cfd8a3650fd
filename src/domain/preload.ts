/**
 * The largest contentful paint image of a page, preloaded from <head> with fetchpriority=high,
 * so the browser asks for it with the HTML's first bytes instead of after the render-blocking CSS and the
 * island scripts. The preload must name exactly the candidates the <img>/<picture> will choose from
 * (same srcset, same sizes, same type), or the browser downloads the image twice.
 */
import type { PictureSource } from './image-shapes.ts';
import type { ImageFiles } from './images.ts';

export interface ImagePreload {
  href: string;
  srcset: string;
  sizes: string;
  /** MIME type of the srcset's files: a browser that cannot show it skips the preload. */
  type: string;
  /** Only on screens this media query matches: where the image is the largest paint (decision 350). */
  media?: string | undefined;
}

/**
 * `sizes` of the pictures that can be a page's LCP, shared by the component that draws the picture and
 * the page that preloads it.
 */
export const LCP_SIZES = {
  /** A used car's card: a 38 % thumbnail on phones (used-card.css), a grid column above. */
  usedCard: '(max-width: 599.98px) 38vw, (min-width: 1200px) 290px, (min-width: 900px) 30vw, 50vw',
  /** The first photo of a used car's gallery. */
  gallery: '(min-width: 1200px) 700px, (min-width: 900px) 58vw, 100vw',
  /** Full-width heroes and banners. */
  hero: '100vw',
  /** A variant's picture beside its price. */
  variant: '(min-width: 900px) 55vw, 100vw',
  /** A new model's or a special offer's card in a grid: one column on phones, two, then four of 300 px. */
  card: '(min-width: 1200px) 300px, (min-width: 600px) 50vw, 100vw',
  /** A blog post's card in the list. */
  blogCard: '(min-width: 900px) 580px, 100vw',
  /** A blog post's own hero. */
  blogHero: '(min-width: 1200px) 1136px, 100vw',
} as const;

/**
 * Preload of an image (the Image shape, or a drawn one through `imageFiles`): its first, most modern source
 * as <picture> picks it, or with `type` that source (ResponsiveImage's <img> uses the WebP widths).
 */
export function preloadImage(
  image: ImageFiles | null | undefined,
  sizes: string,
  type?: PictureSource['type'],
  media?: string,
): ImagePreload | undefined {
  const source = type ? image?.sources.find((s) => s.type === type) : image?.sources[0];
  if (!image || !source) return undefined;
  return { href: image.uri, srcset: source.srcset, sizes, type: source.type, media };
}
