/**
 * The car a form is opened for, carried in the link's query string ("Apply for finance on this
 * car", "Book a test drive of this car" on the vehicle page). The query names, agreed between the forms
 * and the vehicle page:
 *
 *   ?vehicle=<used car id>&stock=<stock number>&make=<make>&model=<model>&year=<year>&price=<rand>&used=true
 *    &dealer=<dealer slug>
 *
 * The finance wizard reads make, model, used and price; the test-drive form reads vehicle (sent as
 * vehicle_id, so the lead goes to the car's dealership), shows year, make, model and stock, and
 * preselects the dealership. Every value
 * is optional and untrusted: the forms validate it like typed input and the API checks the car exists.
 */

export interface CarLink {
  vehicle?: number;
  stock?: string;
  make?: string;
  model?: string;
  year?: number;
  /** Rand, whole or with cents. */
  price?: number;
  used?: boolean;
  /** Slug of the dealership that has the car. */
  dealer?: string;
}

const text = (s: string | null, max = 60) => {
  const t = (s ?? '').trim().slice(0, max);
  return t || undefined;
};
const whole = (s: string | null, max: number) =>
  s && /^\d{1,12}$/.test(s.trim()) && Number(s) <= max ? Number(s) : undefined;

/** What a form's URL says about the car; unusable values are left out. */
export function parseCarLink(search: string | URLSearchParams): CarLink {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const price = q.get('price')?.trim();
  const out: CarLink = {
    vehicle: whole(q.get('vehicle'), 2_147_483_647),
    stock: text(q.get('stock'), 30),
    make: text(q.get('make')),
    model: text(q.get('model')),
    year: whole(q.get('year'), 2100),
    price: price && /^\d{1,10}(\.\d{1,2})?$/.test(price) ? Number(price) : undefined,
    dealer: /^[a-z0-9-]{1,100}$/.test(q.get('dealer') ?? '') ? (q.get('dealer') as string) : undefined,
    used: q.has('used') ? ['true', '1', 'yes'].includes((q.get('used') ?? '').toLowerCase()) : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as CarLink;
}

/** The query string for a link to a form about this car (for the vehicle page's buttons). */
export function carLinkQuery(car: CarLink): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(car)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
