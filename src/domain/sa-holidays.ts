/**
 * South African public holidays (Public Holidays Act 36 of 1994): ten fixed dates, Good Friday and
 * Family Day from Easter, and the Act's rule that a holiday falling on a Sunday makes the Monday after
 * it a holiday too. One-off holidays the President declares (election days) are not predictable and
 * are not listed. Dates are ISO `YYYY-MM-DD`, calendar days in South Africa.
 */

export interface Holiday {
  date: string;
  name: string;
}

const FIXED: readonly [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, 'Human Rights Day'],
  [4, 27, 'Freedom Day'],
  [5, 1, "Workers' Day"],
  [6, 16, 'Youth Day'],
  [8, 9, "National Women's Day"],
  [9, 24, 'Heritage Day'],
  [12, 16, 'Day of Reconciliation'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Day of Goodwill'],
];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

const cache = new Map<number, Holiday[]>();

/** The year's public holidays in date order, with the Monday after each Sunday holiday. */
export function saPublicHolidays(year: number): Holiday[] {
  const hit = cache.get(year);
  if (hit) return hit;
  const easter = easterSunday(year);
  const days: { date: Date; name: string }[] = [
    ...FIXED.map(([m, d, name]) => ({ date: utc(year, m, d), name })),
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Family Day' },
  ];
  const taken = new Map<string, Holiday>();
  for (const h of days) taken.set(iso(h.date), { date: iso(h.date), name: h.name });
  for (const h of days) {
    if (h.date.getUTCDay() !== 0) continue;
    // Christmas on a Sunday: Monday is already Day of Goodwill, and the Tuesday has been declared the
    // holiday instead (2016, 2022); the next free weekday, in general.
    let next = addDays(h.date, 1);
    while (taken.has(iso(next))) next = addDays(next, 1);
    taken.set(iso(next), { date: iso(next), name: `${h.name} (observed)` });
  }
  const list = [...taken.values()].sort((a, b) => a.date.localeCompare(b.date));
  cache.set(year, list);
  return list;
}

/** The holiday on an ISO date, if any. */
export function saPublicHoliday(date: string): Holiday | undefined {
  const year = Number(date.slice(0, 4));
  if (!Number.isInteger(year)) return undefined;
  return saPublicHolidays(year).find((h) => h.date === date);
}
