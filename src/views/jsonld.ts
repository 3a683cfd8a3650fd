/** schema.org JSON-LD builders: AutoDealer (with opening hours), Car with Offer, BlogPosting. */
import { BRAND } from '../config/brand.ts';
import type { BlogPost, Dealer, Variant } from '../contract/index.ts';
import { DAY_NAMES, GROUP_PERIODS, type OpeningPeriod } from '../domain/opening-hours.ts';
import { absoluteUrl } from '../domain/urls.ts';

export function autoDealerLd(dealer: Dealer, pageUrl: string, site: URL | string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    '@id': `${pageUrl}#dealer`,
    name: dealer.dealerName,
    brand: { '@type': 'Brand', name: BRAND.name },
    url: pageUrl,
    telephone: dealer.dealer_contact_no,
    email: dealer.email,
    logo: absoluteUrl('/favicon.svg', site),
    address: {
      '@type': 'PostalAddress',
      streetAddress: dealer.street,
      addressLocality: dealer.suburb,
      addressRegion: dealer.province,
      postalCode: dealer.postalCode,
      addressCountry: 'ZA',
    },
    geo: { '@type': 'GeoCoordinates', latitude: dealer.latitude, longitude: dealer.longitude },
    hasMap: `https://www.google.com/maps/dir/?api=1&destination=${dealer.latitude},${dealer.longitude}`,
    openingHoursSpecification: openingHoursLd(dealer.opening_hours),
  };
}

/** The dealership's own hours (the group's when it has none), days of the same hours in one entry. */
function openingHoursLd(periods: readonly OpeningPeriod[]) {
  const byHours = new Map<string, OpeningPeriod[]>();
  for (const p of periods.length ? periods : GROUP_PERIODS)
    byHours.set(`${p.opens}-${p.closes}`, [...(byHours.get(`${p.opens}-${p.closes}`) ?? []), p]);
  return [...byHours.values()].map((list) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: list.map(
      (p) => `https://schema.org/${p.day === 'Public holidays' ? 'PublicHolidays' : DAY_NAMES[p.day]}`,
    ),
    opens: list[0]?.opens,
    closes: list[0]?.closes,
  }));
}

export function carLd(v: Variant, pageUrl: string, site: URL | string, seller: Dealer) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: `${v.make} ${v.model} ${v.variant}`,
    brand: { '@type': 'Brand', name: v.make },
    model: v.model,
    vehicleConfiguration: v.variant,
    description: v.description,
    image: absoluteUrl(v.image.uri, site),
    url: pageUrl,
    itemCondition: 'https://schema.org/NewCondition',
    fuelType: v.fuel_type,
    bodyType: v.body_type,
    driveWheelConfiguration: v.drivetrain,
    vehicleTransmission: v.transmission_type,
    color: v.color.map((c) => c.name).join(', ') || undefined,
    vehicleEngine: {
      '@type': 'EngineSpecification',
      name: v.engine,
      enginePower: { '@type': 'QuantitativeValue', value: v.power, unitCode: 'KWT' },
      torque: { '@type': 'QuantitativeValue', value: v.torque, unitCode: 'NU' },
    },
    offers: {
      '@type': 'Offer',
      price: v.modelPrice,
      priceCurrency: 'ZAR',
      availability: 'https://schema.org/InStock',
      url: pageUrl,
      seller: { '@type': 'AutoDealer', name: seller.dealerName, telephone: seller.dealer_contact_no },
    },
  };
}

export function blogPostingLd(post: BlogPost, pageUrl: string, site: URL | string, publisher: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.meta_description || post.description,
    image: absoluteUrl(post.image.uri, site),
    datePublished: post.publish_date,
    author: { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      name: publisher,
      logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg', site) },
    },
    mainEntityOfPage: pageUrl,
    keywords: post.keywords || undefined,
  };
}
