/**
 * An image from the API (the Image schema of src/contract/media.ts) as <picture>: AVIF and WebP sources with every
 * stored width, the fallback file in <img> with its intrinsic size (no layout shift). The <picture> box
 * takes no part in layout (.pic in global.css), so the <img> styles of a card or gallery keep working.
 * Low priority unless it is the page's largest paint (decision 350).
 */
import type { ImgHTMLAttributes } from 'react';
import type { Image } from '../../contract/index.ts';
import { narrowestCandidate } from '../../domain/data-saver.ts';

/** Data saver (the server marks the page <html data-saver>): the narrowest rendition only, as the page's own images. */
const saving = () => typeof document !== 'undefined' && document.documentElement.hasAttribute('data-saver');

interface Props
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'fetchPriority'> {
  image: Pick<Image, 'uri' | 'width' | 'height' | 'sources'>;
  sizes: string;
  alt: string;
  /**
   * The page's largest paint: fetched at high priority. Every other picture is low, in view or not:
   * Chrome raises pictures it finds in view, and they would share the phone's link with that one.
   */
  priority?: boolean;
}

export function Picture({ image, sizes, alt, priority = false, ...img }: Props) {
  return (
    <picture className="pic">
      {image.sources.map((s) => (
        <source
          key={s.type}
          type={s.type}
          srcSet={saving() ? narrowestCandidate(s.srcset) : s.srcset}
          sizes={sizes}
        />
      ))}
      <img
        src={image.uri}
        width={image.width}
        height={image.height}
        alt={alt}
        fetchPriority={priority ? 'high' : 'low'}
        {...img}
      />
    </picture>
  );
}
