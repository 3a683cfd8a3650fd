/**
 * A dealership's opening hours for people: its own periods from the API (`opening_hours`, editable in
 * the admin), else the group's (GROUP_OPENING_HOURS), with days of equal hours joined ("Monday – Friday").
 * Days not listed are closed; public holidays are shown only when listed.
 */

export const OPENING_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Public holidays'] as const;
export type OpeningDay = (typeof OPENING_DAYS)[number];

export interface OpeningPeriod {
  day: OpeningDay;
  opens: string;
  closes: string;
}

export interface HoursRow {
  label: string;
  hours: string;
}

/** Each day's name in full (also schema.org's day names, but for PublicHolidays). */
export const DAY_NAMES: Record<OpeningDay, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
  'Public holidays': 'Public holidays',
};

/**
 * The group's opening hours (SPEC §1): shown on the contact page and in AutoDealer JSON-LD, and the
 * bookable hours of a dealership that has none of its own.
 */
export const GROUP_OPENING_HOURS = [
  {
    label: 'Monday – Friday',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '08:00',
    closes: '17:00',
  },
  {
    label: 'Saturday and public holidays',
    days: ['Saturday', 'PublicHolidays'],
    opens: '08:00',
    closes: '13:00',
  },
  { label: 'Sunday', days: ['Sunday'], opens: null, closes: null },
] as const;

const WEEK = OPENING_DAYS.slice(0, 7);

/** The group's hours as periods, for a dealership that has none of its own. */
export const GROUP_PERIODS: OpeningPeriod[] = GROUP_OPENING_HOURS.flatMap((h) =>
  h.opens && h.closes
    ? h.days.map((d) => ({
        day: (d === 'PublicHolidays' ? 'Public holidays' : d.slice(0, 3)) as OpeningDay,
        opens: h.opens,
        closes: h.closes,
      }))
    : [],
);

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A dealership's stored hours (the `opening_hours` JSON column, written by the editor, which checks each
 * period): the well-formed periods; anything malformed is left out, and unreadable text reads as none
 * (the group's hours then apply).
 */
export function parseOpeningHours(json: string | null | undefined): OpeningPeriod[] {
  let list: unknown;
  try {
    list = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (p): p is OpeningPeriod =>
        typeof p === 'object' &&
        p !== null &&
        (OPENING_DAYS as readonly string[]).includes(p.day) &&
        HH_MM.test(String(p.opens)) &&
        HH_MM.test(String(p.closes)),
    )
    .map(({ day, opens, closes }) => ({ day, opens, closes }));
}

/** Rows for a table: runs of weekdays with the same hours joined, closed days said, holidays last. */
export function hoursRows(periods: readonly OpeningPeriod[]): HoursRow[] {
  const own = periods.length ? periods : GROUP_PERIODS;
  const hoursOf = (day: OpeningDay) => {
    const list = own.filter((p) => p.day === day).sort((a, b) => a.opens.localeCompare(b.opens));
    return list.length ? list.map((p) => `${p.opens} – ${p.closes}`).join(', ') : 'Closed';
  };
  const rows: HoursRow[] = [];
  let start = 0;
  for (let i = 1; i <= WEEK.length; i++) {
    const first = WEEK[start] as OpeningDay;
    if (i < WEEK.length && hoursOf(WEEK[i] as OpeningDay) === hoursOf(first)) continue;
    const last = WEEK[i - 1] as OpeningDay;
    rows.push({
      label: first === last ? DAY_NAMES[first] : `${DAY_NAMES[first]} – ${DAY_NAMES[last]}`,
      hours: hoursOf(first),
    });
    start = i;
  }
  if (own.some((p) => p.day === 'Public holidays'))
    rows.push({ label: DAY_NAMES['Public holidays'], hours: hoursOf('Public holidays') });
  return rows;
}
