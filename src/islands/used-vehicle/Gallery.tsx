/**
 * A small accessible photo gallery (no carousel library): a scroll-snap strip, so touch swipe is the
 * browser's own; previous/next buttons, thumbnails and the arrow keys move between photos.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { LCP_SIZES } from '../../domain/preload.ts';
import { IllustrationLabel } from '../picture/IllustrationLabel.tsx';
import { Picture } from '../picture/Picture.tsx';
import type { ShownImage } from './shown-vehicle.ts';
import './gallery.css';

interface Props {
  images: ShownImage[];
  name: string;
}

export function Gallery({ images, name }: Props) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // While a button or key scrolls to a photo, the photos it passes do not become the current one (a
  // second tap of "Next" mid-scroll moved on from the photo passed, not from the one chosen).
  const target = useRef<number | null>(null);
  const count = images.length;
  if (count === 0) return <div className="uvg-empty">Photos of this car are coming soon.</div>;

  const go = (i: number) => {
    const t = track.current;
    const next = Math.max(0, Math.min(count - 1, i));
    target.current = next;
    setIndex(next);
    t?.scrollTo({ left: next * t.clientWidth, behavior: 'smooth' });
  };
  const settle = () => {
    const t = track.current;
    if (t?.clientWidth) setIndex(Math.round(t.scrollLeft / t.clientWidth));
  };
  const onScroll = () => {
    if (target.current === null) settle();
  };
  const onScrollEnd = () => {
    target.current = null;
    settle();
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  return (
    <section className="uvg" aria-roledescription="carousel" aria-label={`Photos of the ${name}`}>
      <div className="uvg-stage">
        {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of slides, not a form fieldset */}
        <div
          ref={track}
          className="uvg-track"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          role="group"
          aria-label={`Photo ${index + 1} of ${count}; use the arrow keys to move`}
          onScroll={onScroll}
          onScrollEnd={onScrollEnd}
          onKeyDown={onKey}
        >
          {images.map((image, i) => (
            <Picture
              key={image.uri}
              image={image}
              className="uvg-slide"
              sizes={LCP_SIZES.gallery}
              alt={image.alt || `${name}, view ${i + 1} of ${count}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              priority={i === 0}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          ))}
        </div>
        {images[index]?.illustration && <IllustrationLabel />}
        {count > 1 && (
          <>
            <button
              type="button"
              className="uvg-nav uvg-prev"
              onClick={() => go(index - 1)}
              disabled={index === 0}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Previous photo</span>
            </button>
            <button
              type="button"
              className="uvg-nav uvg-next"
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Next photo</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="uvg-thumbs">
          {images.map((image, i) => (
            <li key={image.uri}>
              <button type="button" aria-current={i === index ? 'true' : undefined} onClick={() => go(i)}>
                <Picture image={image} sizes="96px" alt="" loading="lazy" />
                <span className="visually-hidden">Show photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
