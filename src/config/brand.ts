/**
 * Brand and group configuration (DESIGN §5): the same product serves another brand's dealer group by
 * changing these values. Read at build time from the environment; islands receive what they need as props.
 */
const env: Record<string, string | undefined> =
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/** What the brand and group are when the environment does not say (the server's config uses them too). */
export const BRAND_DEFAULTS = { name: 'Subaru', dealerSlug: 'motus-subaru-west-rand' } as const;
/** The whole-group slug for a brand: group-wide specials live under `motus-{brand}`. */
export const groupSlugFor = (brandName: string) => `motus-${brandName.toLowerCase()}`;

const name = env.BRAND_NAME ?? BRAND_DEFAULTS.name;

export const BRAND = {
  /** Brand name as shown ("Subaru"); stripped from dealer names in the header. */
  name,
  /** The group as visitors know it ("Motus Subaru", SPEC §7 rewrite rule). */
  groupName: `Motus ${name}`,
  /** Theme primary colour (SPEC §9); white text on it passes WCAG AA. */
  primaryColour: '#0368B4',
  defaultMake: env.DEFAULT_MAKE ?? name,
  defaultMakeSlug: (env.DEFAULT_MAKE ?? name).toLowerCase(),
  defaultDealerSlug: env.DEFAULT_DEALER_SLUG ?? BRAND_DEFAULTS.dealerSlug,
  /** Whole-group slug for group-wide specials (`motus-{product}`). */
  groupSlug: env.GROUP_SLUG ?? groupSlugFor(name),
  /** Footer social link. */
  social: { label: 'Facebook', url: env.SOCIAL_URL ?? 'https://www.facebook.com/SubaruSouthAfrica' },
  /**
   * 24-hour roadside and emergency assistance line shown on the contact page (SPEC §1 gives no value).
   * Placeholder: the group replaces it with its contracted assist provider's number via EMERGENCY_ASSIST_NO.
   */
  emergencyAssistNo: env.EMERGENCY_ASSIST_NO ?? '0800 004 440',
  /** External POPIA Section 18 notice (notification when personal information is collected). */
  section18Url:
    env.SECTION_18_URL ??
    'https://popia.co.za/section-18-notification-to-data-subject-when-collecting-personal-information/',
} as const;
