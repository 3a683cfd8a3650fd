/**
 * Home and /new page banners. All of type 'Car': Subaru SA sells no motorcycles, though the
 * type supports them (DESIGN §5). One banner leaves button_text null so the site's default
 * label is exercised. The artwork carries no text; the page overlays title and subtitle.
 */
import type { Insertable } from 'kysely';
import type { BannersTable } from '../../server/db/schema.ts';
import type { ArtSpec, ImageJob } from '../art/types.ts';
import { hashString } from '../random.ts';

interface BannerSpec {
  title: string;
  subtitle: string;
  button_text: string | null;
  button_url: string;
  art: Omit<Extract<ArtSpec, { type: 'scene' }>, 'type' | 'seed'>;
}

const BANNERS: readonly BannerSpec[] = [
  {
    title: 'The all-new Subaru Forester',
    subtitle: 'Sixth-generation Forester with EyeSight and Symmetrical AWD, now in showrooms.',
    button_text: 'Explore Forester',
    button_url: '/showroom/subaru/forester',
    art: { scene: 'mountain-dusk', body: 'suv', color: '#1f3f7a' },
  },
  {
    title: 'Crosstrek e-Boxer Hybrid',
    subtitle: 'Self-charging hybrid efficiency with 220 mm of ground clearance.',
    button_text: null,
    button_url: '/showroom/subaru/crosstrek',
    art: { scene: 'gravel', body: 'suv', color: '#6c8fb0' },
  },
  {
    title: 'Finance your next Subaru online',
    subtitle: 'Apply in five short steps and our finance team will call you back within one working day.',
    button_text: 'Apply for finance',
    button_url: '/finance',
    art: { scene: 'city', body: 'sedan', color: '#1e4da1' },
  },
  {
    title: 'Book your Subaru service',
    subtitle: 'Subaru-trained technicians, genuine parts and a free multi-point safety check.',
    button_text: 'Book a service',
    button_url: '/book-a-service',
    art: { scene: 'workshop', body: 'wagon', color: '#7a5a3a' },
  },
];

const bannerFile = (n: number): string => `banner-${n}.webp`;

export function buildBanners(): Insertable<BannersTable>[] {
  return BANNERS.map(({ art: _art, ...b }, i) => ({
    id: i + 1,
    type: 'Car',
    ...b,
    image: bannerFile(i + 1),
    sort_order: i + 1,
  }));
}

export function bannerImages(): ImageJob[] {
  return BANNERS.map((b, i) => {
    const file = bannerFile(i + 1);
    return { kind: 'banner', file, art: { type: 'scene', ...b.art, seed: hashString(file) } };
  });
}
