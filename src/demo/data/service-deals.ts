/**
 * After-sales deals (specials of kind 'service'), grouped by kind of work. Prices are
 * fixed-price quotes including parts, labour and VAT.
 */
import type { SpecialSpec } from './specials.ts';

const TERMS =
  'Prices include VAT, parts and labour for the stated work only. Additional work is quoted before it is done. Valid until the date shown at participating dealerships. E&OE.';

export const SERVICE_DEALS: readonly SpecialSpec[] = [
  {
    slug: 'minor-service-from-r2499',
    dealer: null,
    model: 'Servicing',
    price: 2_499,
    validUntil: '2027-01-31',
    title: 'Minor service from R2 499',
    intro: 'A fixed-price minor service for Subarus out of service plan, done by Subaru-trained technicians.',
    paragraphs: [
      'Out of service plan does not mean out of our care. Our fixed-price minor service covers oil, filter and a full safety inspection.',
      'You get a video health check on your phone before we start any extra work.',
    ],
    bullets: [
      'Genuine Subaru oil and filter',
      'Multi-point safety inspection',
      'Video health check sent to your phone',
    ],
    terms: TERMS,
    art: { scene: 'workshop', body: 'suv', color: '#5a5e62' },
  },
  {
    slug: 'major-service-forester-outback',
    dealer: 'motus-subaru-west-rand',
    model: 'Servicing',
    price: 5_999,
    validUntil: '2026-12-31',
    title: 'Major service for Forester and Outback from R5 999',
    intro: 'Subaru West Rand’s fixed price for the major service on 2.5-litre Forester and Outback models.',
    paragraphs: [
      'The major service includes spark plugs, air and cabin filters, brake fluid and CVT inspection on top of the minor service items.',
      'Book a morning slot and use our shuttle to Clearwater or Westgate.',
    ],
    bullets: ['Spark plugs, filters and brake fluid', 'Lineartronic CVT inspection', 'Free shuttle service'],
    terms: TERMS,
    art: { scene: 'workshop', body: 'wagon', color: '#7a5a3a' },
  },
  {
    slug: 'tyres-buy-three-get-one',
    dealer: null,
    model: 'Tyres',
    price: null,
    validUntil: '2027-01-31',
    title: 'Buy three tyres, get the fourth free',
    intro: 'All-wheel-drive cars need four matching tyres. This month the fourth one is on us.',
    paragraphs: [
      'Symmetrical AWD works best when all four tyres have the same size, make and tread depth. Replacing only two can strain the drivetrain.',
      'Choose from leading brands and we fit and balance all four for free.',
    ],
    bullets: [
      'Fourth tyre free on selected brands',
      'Free fitment and balancing',
      'Wheel alignment check included',
    ],
    terms: `${TERMS} Cheapest tyre free; selected sizes only.`,
    art: { scene: 'workshop', body: 'hatch', color: '#b3121c' },
  },
  {
    slug: 'brake-pads-and-discs-durban',
    dealer: 'motus-subaru-durban',
    model: 'Brakes',
    price: 3_899,
    validUntil: '2026-12-31',
    title: 'Front brake pads and discs from R3 899',
    intro: 'Genuine front pads and discs fitted at Subaru Durban for a fixed price.',
    paragraphs: [
      'Coastal humidity is hard on brake discs. If your brakes squeal or the pedal pulses, it is time for a check.',
      'We replace front pads and discs with genuine parts and test-drive the car with you.',
    ],
    bullets: ['Genuine front pads and discs', 'Brake fluid check', 'Road test with the technician'],
    terms: TERMS,
    art: { scene: 'workshop', body: 'sedan', color: '#c7c9cb' },
  },
  {
    slug: 'air-con-regas-cape-town',
    dealer: 'motus-subaru-cape-town',
    model: 'Air-conditioning',
    price: 899,
    validUntil: '2027-01-31',
    title: 'Air-con regas and sanitise for R899',
    intro: 'Get summer-ready at Subaru Cape Town: regas, leak test and cabin sanitise.',
    paragraphs: [
      'An air-conditioner loses a little gas every year. A regas restores cold air and a sanitise clears musty smells from the vents.',
      'The whole job takes about an hour, so you can wait in our lounge.',
    ],
    bullets: ['Regas and leak test', 'Cabin filter check', 'Vent sanitise treatment'],
    terms: TERMS,
    art: { scene: 'workshop', body: 'suv', color: '#1f3f7a' },
  },
  {
    slug: 'free-battery-and-wiper-check',
    dealer: null,
    model: 'Batteries',
    price: null,
    validUntil: '2027-01-31',
    title: 'Free battery and wiper check',
    intro:
      'Summer storms and load shedding are hard on batteries. Pop in for a free test before your holiday trip.',
    paragraphs: [
      'Our technicians test your battery’s health and charging system in ten minutes, and check your wiper blades for the summer rains.',
      'No appointment needed; just pop in during workshop hours.',
    ],
    bullets: ['Battery and alternator test', 'Wiper blade check', '10% off a replacement battery'],
    terms: TERMS,
    art: { scene: 'workshop', body: 'coupe', color: '#1e4da1' },
  },
];
