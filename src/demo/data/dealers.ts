/**
 * The five dealerships of the demo group. West Rand is the default dealer (DESIGN §5) and sorts
 * first. Addresses are plausible streets in real suburbs; coordinates are those suburbs', so the
 * directions link and the embedded map land in the right part of town.
 */
import type { Insertable } from 'kysely';
import { GROUP_PERIODS, type OpeningPeriod } from '../../domain/opening-hours.ts';
import type { DealersTable } from '../../server/db/schema.ts';

export const DEFAULT_DEALER_SLUG = 'motus-subaru-west-rand';

/** OpenStreetMap embed (no API key, no tracking cookies) centred on the dealer with a marker. */
function osmEmbedUrl(lat: number, lng: number): string {
  const f = (n: number) => n.toFixed(4);
  const bbox = [f(lng - 0.01), f(lat - 0.006), f(lng + 0.01), f(lat + 0.006)].join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${f(lat)},${f(lng)}`;
}

type DealerInput = Omit<Insertable<DealersTable>, 'id' | 'location' | 'sort_order'>;

/** Subaru Gqeberha's own hours; every other demo dealership keeps the group's. */
const GQEBERHA_PERIODS: OpeningPeriod[] = [
  ...(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const).map((day) => ({ day, opens: '07:30', closes: '17:00' })),
  { day: 'Sat', opens: '08:00', closes: '12:00' },
];

const DEALERS: readonly DealerInput[] = [
  {
    slug: DEFAULT_DEALER_SLUG,
    site_name: 'west-rand',
    dealer_name: 'Subaru West Rand',
    address: '212 Hendrik Potgieter Road',
    suburb: 'Ruimsig',
    city: 'Roodepoort',
    province: 'Gauteng',
    postal_code: '1724',
    latitude: -26.0826,
    longitude: 27.8702,
    dealer_contact_no: '011 958 1800',
    email: 'westrand@motus-subaru.example',
  },
  {
    slug: 'motus-subaru-pretoria',
    site_name: 'pretoria',
    dealer_name: 'Subaru Pretoria',
    address: '420 Lynnwood Road',
    suburb: 'Menlo Park',
    city: 'Pretoria',
    province: 'Gauteng',
    postal_code: '0081',
    latitude: -25.7705,
    longitude: 28.2598,
    dealer_contact_no: '012 348 6200',
    email: 'pretoria@motus-subaru.example',
  },
  {
    slug: 'motus-subaru-durban',
    site_name: 'durban',
    dealer_name: 'Subaru Durban',
    address: '11 Umhlanga Rocks Drive',
    suburb: 'La Lucia',
    city: 'Durban',
    province: 'KwaZulu-Natal',
    postal_code: '4051',
    latitude: -29.7541,
    longitude: 31.0598,
    dealer_contact_no: '031 566 4300',
    email: 'durban@motus-subaru.example',
  },
  {
    slug: 'motus-subaru-cape-town',
    site_name: 'cape-town',
    dealer_name: 'Subaru Cape Town',
    address: '36 Montague Drive',
    suburb: 'Montague Gardens',
    city: 'Cape Town',
    province: 'Western Cape',
    postal_code: '7441',
    latitude: -33.8609,
    longitude: 18.5262,
    dealer_contact_no: '021 551 7700',
    email: 'capetown@motus-subaru.example',
  },
  {
    slug: 'motus-subaru-gqeberha',
    site_name: 'gqeberha',
    dealer_name: 'Subaru Gqeberha',
    address: '154 Cape Road',
    suburb: 'Newton Park',
    city: 'Gqeberha',
    province: 'Eastern Cape',
    postal_code: '6045',
    latitude: -33.9478,
    longitude: 25.5649,
    dealer_contact_no: '041 365 2900',
    email: 'gqeberha@motus-subaru.example',
    // Its own hours (bookings follow them): opens earlier on weekdays, closes earlier on Saturdays.
    opening_hours: JSON.stringify(GQEBERHA_PERIODS),
  },
];

/** Towns of a national network, for scale data (`npm run seed -- --dealers 30`): [city, province, lat, lng]. */
const MORE_TOWNS: readonly (readonly [string, string, number, number])[] = [
  ['Sandton', 'Gauteng', -26.1076, 28.0567],
  ['Centurion', 'Gauteng', -25.8603, 28.1894],
  ['East Rand', 'Gauteng', -26.1715, 28.2336],
  ['Vaal', 'Gauteng', -26.6731, 27.9261],
  ['Stellenbosch', 'Western Cape', -33.9321, 18.8602],
  ['George', 'Western Cape', -33.963, 22.4617],
  ['Tyger Valley', 'Western Cape', -33.8734, 18.6346],
  ['Pietermaritzburg', 'KwaZulu-Natal', -29.6006, 30.3794],
  ['Ballito', 'KwaZulu-Natal', -29.539, 31.2144],
  ['Richards Bay', 'KwaZulu-Natal', -28.783, 32.0377],
  ['East London', 'Eastern Cape', -33.0153, 27.9116],
  ['Mthatha', 'Eastern Cape', -31.5889, 28.7844],
  ['Bloemfontein', 'Free State', -29.0852, 26.1596],
  ['Welkom', 'Free State', -27.9774, 26.7351],
  ['Polokwane', 'Limpopo', -23.9045, 29.4689],
  ['Tzaneen', 'Limpopo', -23.8332, 30.1635],
  ['Mbombela', 'Mpumalanga', -25.4658, 30.9853],
  ['Witbank', 'Mpumalanga', -25.8713, 29.2332],
  ['Rustenburg', 'North West', -25.6676, 27.2421],
  ['Potchefstroom', 'North West', -26.7145, 27.097],
  ['Kimberley', 'Northern Cape', -28.7282, 24.7499],
  ['Upington', 'Northern Cape', -28.4478, 21.2561],
  ['Klerksdorp', 'North West', -26.8521, 26.6667],
  ['Mossel Bay', 'Western Cape', -34.1831, 22.146],
  ['Newcastle', 'KwaZulu-Natal', -27.7577, 29.9318],
];
export const MAX_DEALERS = DEALERS.length + MORE_TOWNS.length;

function extraDealer(i: number): DealerInput {
  const [city, province, latitude, longitude] = MORE_TOWNS[i] as (typeof MORE_TOWNS)[number];
  const site = city.toLowerCase().replace(/[^a-z]+/g, '-');
  return {
    slug: `motus-subaru-${site}`,
    site_name: site,
    dealer_name: `Subaru ${city}`,
    address: `${10 + ((i * 37) % 390)} Main Road`,
    suburb: city,
    city,
    province,
    postal_code: String(1000 + ((i * 433) % 8999)).padStart(4, '0'),
    latitude,
    longitude,
    dealer_contact_no: `0${11 + (i % 50)} ${String(500 + i).padStart(3, '0')} ${String(1000 + i * 7).slice(-4)}`,
    email: `${site}@motus-subaru.example`,
  };
}

/** The five demo dealerships, or `count` (up to MAX_DEALERS) for a national network. */
export function buildDealers(count = DEALERS.length): Insertable<DealersTable>[] {
  const all = [...DEALERS, ...MORE_TOWNS.map((_, i) => extraDealer(i))].slice(0, Math.max(1, count));
  return all.map((d, i) => ({
    id: i + 1,
    ...d,
    // A WhatsApp line per dealership (E.164, as the editor stores it) and the group's hours, written out
    // so the public Dealer shape carries them and editors start from real values.
    whatsapp_no: `+2782555${String(100 + i).padStart(4, '0')}`,
    opening_hours: d.opening_hours ?? JSON.stringify(GROUP_PERIODS),
    location: osmEmbedUrl(d.latitude, d.longitude),
    sort_order: i + 1,
  }));
}
