/**
 * New-vehicle specials for November 2026 to January 2027, grouped by model. Some run at every
 * dealer (dealer null), others at one dealership. Prices are the advertised cash prices.
 */
import type { SpecialSpec } from './specials.ts';

const TERMS =
  'Offer valid while stocks last and until the date shown. Prices include VAT and exclude on-road costs. Finance is subject to approval by the bank and the National Credit Act. E&OE.';

export const VEHICLE_SPECIALS: readonly SpecialSpec[] = [
  {
    slug: 'forester-sport-launch-offer',
    dealer: null,
    model: 'Forester',
    price: 719_000,
    validUntil: '2027-01-31',
    title: 'Forester 2.5i Sport launch offer',
    intro: 'Drive the new Forester Sport home with a five-year service plan and a free tow bar fitment.',
    paragraphs: [
      'The Forester Sport brings dark 18-inch wheels, orange accents and Dual-Function X-MODE to Subaru’s best-selling SUV.',
      'To celebrate its arrival, every Subaru Motus dealership includes a tow bar fitted by our workshop at no extra cost.',
    ],
    bullets: ['5-year/100 000 km service plan', 'Free tow bar fitment', 'EyeSight driver assist as standard'],
    terms: TERMS,
    art: { scene: 'mountain-dusk', body: 'suv', color: '#4b5a3c' },
  },
  {
    slug: 'forester-e-boxer-west-rand',
    dealer: 'motus-subaru-west-rand',
    model: 'Forester',
    price: 829_000,
    validUntil: '2026-12-31',
    title: 'Forester e-Boxer: R25 000 trade-in assist',
    intro:
      'Trade in any vehicle at Subaru West Rand and get R25 000 over its book value on a Forester e-Boxer.',
    paragraphs: [
      'The Forester e-Boxer pairs a 2.5-litre Boxer with a strong hybrid system for quieter town driving and lower fuel bills.',
      'Bring your current car to Hendrik Potgieter Road for a free valuation and a test drive on the same day.',
    ],
    bullets: [
      'R25 000 trade-in assistance',
      'Free valuation while you wait',
      'Hybrid battery warranty of 8 years',
    ],
    terms: TERMS,
    art: { scene: 'city', body: 'suv', color: '#f4f4f2' },
  },
  {
    slug: 'crosstrek-e-boxer-launch',
    dealer: null,
    model: 'Crosstrek',
    price: 699_000,
    validUntil: '2027-01-31',
    title: 'Crosstrek e-Boxer launch special',
    intro: 'The self-charging Crosstrek hybrid with a free accessory pack worth R18 000.',
    paragraphs: [
      'The Crosstrek e-Boxer adds an electric motor to the proven 2.0-litre Boxer, so pull-away is smoother and stop-start traffic costs less fuel.',
      'For the launch we include roof cross bars, all-weather mats and a cargo tray.',
    ],
    bullets: [
      'Accessory pack worth R18 000',
      'X-MODE and 220 mm ground clearance',
      '3-year/75 000 km service plan',
    ],
    terms: TERMS,
    art: { scene: 'gravel', body: 'suv', color: '#d3622a' },
  },
  {
    slug: 'crosstrek-graduate-pretoria',
    dealer: 'motus-subaru-pretoria',
    model: 'Crosstrek',
    price: 579_000,
    validUntil: '2026-12-31',
    title: 'Crosstrek 2.0i graduate programme',
    intro: 'Recent graduates can drive a Crosstrek 2.0i with a deferred first instalment at Subaru Pretoria.',
    paragraphs: [
      'Finished your studies in the last two years? Our graduate programme helps you into your first new car with your first instalment deferred by three months.',
      'Bring your degree or diploma certificate and an offer of employment.',
    ],
    bullets: [
      'First instalment deferred by 3 months',
      'All-wheel drive and EyeSight as standard',
      'Free first-year comprehensive insurance quote',
    ],
    terms: `${TERMS} Graduate programme subject to bank criteria.`,
    art: { scene: 'city', body: 'suv', color: '#6c8fb0' },
  },
  {
    slug: 'outback-touring-xt-demo-sale',
    dealer: 'motus-subaru-cape-town',
    model: 'Outback',
    price: 849_900,
    validUntil: '2026-12-15',
    title: 'Outback Touring XT demo sale',
    intro:
      'Three low-mileage Outback Touring XT demonstrators at Subaru Cape Town, each with under 5 000 km.',
    paragraphs: [
      'Our demonstrators are fully specified Touring XT models with the 194 kW turbocharged Boxer, Nappa leather and Harman Kardon sound.',
      'Each carries the balance of the factory warranty and service plan.',
    ],
    bullets: [
      'Under 5 000 km each',
      'Balance of warranty and service plan',
      'Save close to R80 000 on list price',
    ],
    terms: TERMS,
    art: { scene: 'table-mountain', body: 'wagon', color: '#1e2f45' },
  },
  {
    slug: 'outback-field-roof-box',
    dealer: null,
    model: 'Outback',
    price: 769_000,
    validUntil: '2027-01-31',
    title: 'Outback Field with a free roof box',
    intro: 'Holiday-ready: every Outback Field sold this season comes with a 420-litre roof box fitted.',
    paragraphs: [
      'The Outback Field has water-repellent upholstery, roof rails with integrated cross bars and 213 mm of ground clearance.',
      'Add our roof box and the whole family’s luggage fits for a December trip to the coast.',
    ],
    bullets: ['420-litre lockable roof box fitted', 'Integrated cross bars', 'Power tailgate'],
    terms: TERMS,
    art: { scene: 'coastal', body: 'wagon', color: '#4b5a3c' },
  },
  {
    slug: 'wrx-ts-track-day',
    dealer: 'motus-subaru-durban',
    model: 'WRX',
    price: 879_000,
    validUntil: '2027-01-15',
    title: 'WRX tS with a track-day experience',
    intro: 'Buy a WRX tS from Subaru Durban and spend a day with a driving coach at a local circuit.',
    paragraphs: [
      'The WRX tS has adaptive dampers, drive modes and the Subaru Performance Transmission, so it is as comfortable on the N2 as it is rewarding on a circuit.',
      'Learn to get the best from it with a professional coach on a full track day.',
    ],
    bullets: ['Full track day with a driving coach', '202 kW and 350 Nm', 'Adaptive dampers and drive modes'],
    terms: TERMS,
    art: { scene: 'coastal', body: 'sedan', color: '#1e4da1' },
  },
  {
    slug: 'brz-manual-first-service',
    dealer: null,
    model: 'BRZ',
    price: 689_000,
    validUntil: '2026-12-31',
    title: 'BRZ manual: first year of servicing on us',
    intro: 'The lightweight rear-wheel-drive coupe with its first year of scheduled servicing included.',
    paragraphs: [
      'The BRZ is built for driving pleasure: a 2.4-litre Boxer, a six-speed manual and a Torsen limited-slip differential.',
      'Order this month and Subaru Motus pays for the first year of scheduled servicing.',
    ],
    bullets: [
      'First-year servicing included',
      '174 kW naturally aspirated Boxer',
      'Six-speed manual gearbox',
    ],
    terms: TERMS,
    art: { scene: 'mountain-dusk', body: 'coupe', color: '#c01a1f' },
  },
  {
    slug: 'impreza-deposit-assist-gqeberha',
    dealer: 'motus-subaru-gqeberha',
    model: 'Impreza',
    price: 529_000,
    validUntil: '2026-12-31',
    title: 'Impreza 2.0i with R15 000 deposit assistance',
    intro: 'Subaru Gqeberha contributes R15 000 towards your deposit on a new Impreza 2.0i.',
    paragraphs: [
      'The Impreza is the compact hatch with all-wheel drive and EyeSight as standard.',
      'Our deposit assistance lowers your monthly instalment from the first payment.',
    ],
    bullets: [
      'R15 000 deposit assistance',
      'Symmetrical AWD',
      '11.6-inch touchscreen with smartphone mirroring',
    ],
    terms: TERMS,
    art: { scene: 'coastal', body: 'hatch', color: '#e3a823' },
  },
  {
    slug: 'solterra-home-charger',
    dealer: null,
    model: 'Solterra',
    price: 1_049_000,
    validUntil: '2027-01-31',
    title: 'Solterra with a free home wall charger',
    intro: 'Go electric with a 7 kW wall charger supplied and installed at your home.',
    paragraphs: [
      'The Solterra is Subaru’s all-electric SUV with a motor on each axle and about 450 km of real-world range.',
      'We supply and install a 7 kW wall box, so overnight charging is simple.',
    ],
    bullets: [
      '7 kW wall box supplied and installed',
      'DC fast charging up to 150 kW',
      '8-year battery warranty',
    ],
    terms: `${TERMS} Installation subject to a site inspection.`,
    art: { scene: 'table-mountain', body: 'suv', color: '#9aa3a8' },
  },
];
