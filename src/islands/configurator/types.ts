/** What the model page passes to the configurator: plain data, already formatted where it helps. */
export interface ConfiguratorColour {
  name: string;
  hex: string;
  /** File name of the colour image (kind 'range'); null falls back to the variant's main image. */
  image: string | null;
}

export interface ConfiguratorVariant {
  slug: string;
  name: string;
  price: string;
  /** Formatted finance estimate at the SPEC §9 defaults, with its disclosures. */
  finance: { instalment: string; instalments: number; total: string; balloon: string };
  href: string;
  mainImage: string;
  colours: ConfiguratorColour[];
}
