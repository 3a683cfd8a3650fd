/** Display formats (DESIGN §5): ZAR money, DD.MM.YYYY dates, kilometres, kW → hp. */
const money = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });
const wholeMoney = new Intl.NumberFormat('en-ZA', {
  style: 'currency',
  currency: 'ZAR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });

const KW_TO_HP = 1.34102;

/** A car by name, as buyers and the dealer say it: year, make, model and variant ("2021 Subaru Forester 2.0i-S"). */
export const carTitle = (car: { year: number | string; make: string; model: string; variant: string }) =>
  `${car.year} ${car.make} ${car.model} ${car.variant}`.trim();

/** R 7 865,06 — cents shown. */
export function formatMoney(amount: number): string {
  return money.format(amount);
}

/** R 489 900 — for prices that are whole rands. */
export function formatPrice(amount: number): string {
  return wholeMoney.format(amount);
}

/** 45 200 km */
export function formatMileage(km: number): string {
  return `${integer.format(km)} km`;
}

export function kwToHp(kw: number): number {
  return Math.round(kw * KW_TO_HP);
}

/** DD.MM.YYYY from an ISO date (YYYY-MM-DD or a full timestamp); no time-zone shift. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${m[3]}.${m[2]}.${m[1]}`;
}

/** 'Subaru West Rand' → 'West Rand' (the header strips the brand prefix, SPEC §2). */
export function stripBrand(name: string, brand: string): string {
  const re = new RegExp(`^(motus\\s+)?${brand}\\s+`, 'i');
  return name.replace(re, '').trim() || name;
}

/** '{Brand} Motus' is shown as 'Motus {Brand}' (SPEC §7 rewrite, DESIGN §5). */
export function rewriteMotus(text: string, brand: string): string {
  return text.replaceAll(`${brand} Motus`, `Motus ${brand}`);
}

/** "1 item", "3 items": a count with its noun in the right number (`plural` when it is not just an s). */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
