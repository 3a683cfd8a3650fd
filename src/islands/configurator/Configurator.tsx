/**
 * Configurator (SPEC §2, §4): choose a variant and a colour; the first of each is selected by default
 * and the image follows the colour. Server-rendered with the defaults, hydrated after the page's largest
 * paint once in view; a choice made before that is taken up on hydration.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { typedBeforeHydration } from '../form-kit/typed-before-hydration.ts';
import type { ConfiguratorVariant } from './types.ts';
import './configurator.css';

interface Props {
  make: string;
  model: string;
  variants: ConfiguratorVariant[];
}

export default function Configurator({ make, model, variants }: Props) {
  const [variantIndex, setVariantIndex] = useState(0);
  const [colourIndex, setColourIndex] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const variantField = `${id}-variant`;
  const colourField = `${id}-colour`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const chosen = typedBeforeHydration(root.current, new Set([variantField, colourField]));
    const v = Math.max(
      0,
      variants.findIndex((x) => x.slug === chosen[variantField]),
    );
    const c = variants[v]?.colours.findIndex((x) => x.name === chosen[colourField]) ?? -1;
    setVariantIndex(v);
    setColourIndex(Math.max(0, c));
  }, []);
  const variant = variants[variantIndex];
  if (!variant) return <p className="cfg-empty">No variants of this model are available right now.</p>;
  const colour = variant.colours[colourIndex] ?? variant.colours[0];

  const chooseVariant = (index: number) => {
    const next = variants[index];
    setVariantIndex(index);
    // Keep the chosen colour when the new variant offers it, else its first colour.
    const keep = colour ? next?.colours.findIndex((c) => c.name === colour.name) : -1;
    setColourIndex(keep !== undefined && keep >= 0 ? keep : 0);
  };

  const image = colour?.image ?? variant.image;
  const alt = `${make} ${model} ${variant.name}${colour ? ` in ${colour.name}` : ''}`;

  return (
    <div className="cfg" ref={root}>
      <figure className="cfg-figure">
        <img
          className="cfg-image"
          src={image.src}
          srcSet={image.srcset}
          sizes="(min-width: 900px) 60vw, 100vw"
          width={image.width}
          height={image.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          data-colour={colour?.name ?? ''}
        />
        <figcaption className="cfg-caption" aria-live="polite">
          {variant.name}
          {colour ? ` · ${colour.name}` : ''}
        </figcaption>
      </figure>
      <div className="cfg-controls">
        <fieldset className="cfg-group">
          <legend>Variant</legend>
          <div className="cfg-variants">
            {variants.map((v, i) => (
              <label key={v.slug} className="cfg-variant">
                <input
                  type="radio"
                  name={variantField}
                  value={v.slug}
                  checked={i === variantIndex}
                  onChange={() => chooseVariant(i)}
                />
                <span className="cfg-variant-name">{v.name}</span>
                <span className="cfg-variant-price">{v.price}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {variant.colours.length > 0 && (
          <fieldset className="cfg-group">
            <legend>
              Colour: <span className="cfg-colour-name">{colour?.name}</span>
            </legend>
            <div className="cfg-swatches">
              {variant.colours.map((c, i) => (
                <label key={c.name} className="cfg-swatch" title={c.name}>
                  <input
                    type="radio"
                    name={colourField}
                    value={c.name}
                    checked={i === colourIndex}
                    onChange={() => setColourIndex(i)}
                    aria-label={c.name}
                  />
                  {/* An SVG fill, not a style attribute: the page's CSP allows no inline styles. */}
                  <svg className="cfg-dot" viewBox="0 0 2 2" aria-hidden="true">
                    <circle cx="1" cy="1" r="1" fill={c.hex} />
                  </svg>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="cfg-finance">
          <p>
            From <strong>{variant.finance.instalment}</strong> p/m | 0% Deposit | 72 Months | 12% Interest
          </p>
          <p className="cfg-disclosure">
            {variant.finance.instalments} instalments, total of instalments {variant.finance.total}, balloon
            (40%) {variant.finance.balloon}. Estimates exclude fees, insurance and bank initiation fees and
            are not binding.
          </p>
        </div>
        <a className="btn" href={variant.href}>
          View {variant.name} details<span className="visually-hidden"> and finance disclosures</span>
        </a>
      </div>
    </div>
  );
}
