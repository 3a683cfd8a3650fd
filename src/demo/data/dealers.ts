/**
 * The five dealerships of the demo group. West Rand is the default dealer (DESIGN §5) and sorts
 * first. Addresses are plausible streets in real suburbs; coordinates are those suburbs', so the
 * directions link and the embedded map land in the right part of town.
 */
import type { Insertable } from 'kysely';
import type { DealersTable } from '../../server/db/schema.ts';

export const DEFAULT_DEALER_SLUG = 'motus-subaru-west-rand';

/** OpenStreetMap embed (no API key, no tracking cookies) centred on the dealer with a marker. */
export function osmEmbedUrl(lat: number, lng: number): string {
  const f = (n: number) => n.toFixed(4);
  const bbox = [f(lng - 0.01), f(lat - 0.006), f(lng + 0.01), f(lat + 0.006)].join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${f(lat)},${f(lng)}`;
}

type DealerInput = Omit<Insertable<DealersTable>, 'id' | 'location' | 'sort_order'>;

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
  },
];

export function buildDealers(): Insertable<DealersTable>[] {
  return DEALERS.map((d, i) => ({
    id: i + 1,
    ...d,
    location: osmEmbedUrl(d.latitude, d.longitude),
    sort_order: i + 1,
  }));
}
