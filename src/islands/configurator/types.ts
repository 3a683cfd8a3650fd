/** What the model page passes to the configurator: plain data, already formatted where it helps. */
import type { imgAttrs } from '../../domain/images.ts';

/** An <img>'s src, srcset and size (src/domain/images.ts imgAttrs): an uploaded photo or a drawing. */
type ConfiguratorImage = ReturnType<typeof imgAttrs>;

interface ConfiguratorColour {
  name: string;
  hex: string;
  /** The colour's uploaded photo or drawn image; null falls back to the variant's image. */
  image: ConfiguratorImage | null;
}

export interface ConfiguratorVariant {
  slug: string;
  name: string;
  price: string;
  /** Formatted finance estimate at the SPEC §9 defaults, with its disclosures. */
  finance: { instalment: string; instalments: number; total: string; balloon: string };
  href: string;
  image: ConfiguratorImage;
  colours: ConfiguratorColour[];
}
