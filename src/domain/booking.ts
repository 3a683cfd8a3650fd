/**
 * When a test drive or a service can be booked: a day from today to 60 days ahead, not a
 * Sunday or a South African public holiday, on which the dealership is open, at a slot within that
 * dealership's opening hours. The hours are the dealership's own (`opening_hours` of the Dealer
 * resource, edited in the admin); a dealership without any keeps the group's (GROUP_PERIODS, from
 * GROUP_OPENING_HOURS in opening-hours.ts). "Today" is South Africa's (SAST, UTC+2, no daylight saving), whatever the
 * visitor's or server's clock zone. The island and the API both use these rules through the enquiry
 * schema, the API with the hours of the dealership the lead goes to, read from the database.
 */
import { GROUP_PERIODS, type OpeningDay, type OpeningPeriod } from './opening-hours.ts';
import { saPublicHoliday } from './sa-holidays.ts';

export const BOOKING_WINDOW_DAYS = 60;
/** Minutes between slots, and how long before closing the last one starts. */
const SLOT_MINUTES = 30;
const LAST_SLOT_BEFORE_CLOSE = 60;
const SAST_OFFSET_MS = 2 * 3_600_000;

/** A dealership's opening periods; empty: it keeps the group's hours. */
export type BookingHours = readonly OpeningPeriod[];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Today's date and the time in South Africa. */
export function saNow(now = new Date()): { date: string; time: string } {
  const s = new Date(now.getTime() + SAST_OFFSET_MS).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}

export function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 'Sunday';
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * Every slot a dealership offers on a day of the week: each of its periods that day (a day may have two,
 * around lunch) gives one every half hour from opening until an hour before closing.
 */
function daySlots(date: string, hours: BookingHours): string[] {
  const day = weekday(date).slice(0, 3) as OpeningDay;
  const out = new Set<string>();
  for (const p of hours.length ? hours : GROUP_PERIODS) {
    if (p.day !== day) continue;
    for (let m = minutes(p.opens); m <= minutes(p.closes) - LAST_SLOT_BEFORE_CLOSE; m += SLOT_MINUTES)
      out.add(hhmm(m));
  }
  return [...out].sort();
}

/**
 * Every slot of any day of the week (the dealership's hours, else the group's): what a form offers
 * before it knows the date, without scripts; the chosen one is checked against the date when sent.
 */
export function anyDaySlots(hours: BookingHours = []): string[] {
  const out = new Set<string>();
  // 5 to 11 January 2026: Monday to Sunday, none a public holiday.
  for (let d = 5; d <= 11; d++)
    for (const slot of daySlots(`2026-01-${String(d).padStart(2, '0')}`, hours)) out.add(slot);
  return [...out].sort();
}

/**
 * Why a date cannot be booked whoever the dealership is (not a real date, past, beyond the window, a
 * Sunday or a public holiday), or null. The API checks this before it knows the lead's dealership.
 */
export function bookingDayProblem(date: string, now = new Date()): string | null {
  if (!isIsoDate(date)) return 'Date must be a real date';
  const today = saNow(now).date;
  if (date < today) return 'Date cannot be in the past';
  if (date > addDaysIso(today, BOOKING_WINDOW_DAYS))
    return `Date must be within ${BOOKING_WINDOW_DAYS} days from today`;
  if (weekday(date) === 'Sunday') return 'We are closed on Sundays; please choose another day';
  const holiday = saPublicHoliday(date);
  if (holiday) return `${holiday.name} is a public holiday; please choose another day`;
  return null;
}

/** Why a date cannot be booked at a dealership with these hours (a SPEC §5-style message), or null. */
export function bookingDateProblem(date: string, now = new Date(), hours: BookingHours = []): string | null {
  const problem = bookingDayProblem(date, now);
  if (problem) return problem;
  if (!daySlots(date, hours).length)
    return `This dealership is closed on ${weekday(date)}s; please choose another day`;
  return null;
}

/** The slots (HH:MM) a bookable date offers at the dealership; later today's only those still ahead. */
export function timeSlots(date: string, now = new Date(), hours: BookingHours = []): string[] {
  if (bookingDateProblem(date, now, hours)) return [];
  const current = saNow(now);
  return daySlots(date, hours).filter((slot) => date !== current.date || slot > current.time);
}

/** Why a time cannot be booked on a (bookable) date at the dealership, or null when it can. */
export function bookingTimeProblem(
  date: string,
  time: string,
  now = new Date(),
  hours: BookingHours = [],
): string | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return 'Time must be a time such as 09:30';
  const slots = timeSlots(date, now, hours);
  if (slots.includes(time)) return null;
  if (slots.length === 0) return 'There are no times left on this day; please choose another day';
  return `Please choose a time from ${slots[0]} to ${slots[slots.length - 1]}`;
}

/** The first day from `after` days ahead that can be booked (tests, and a sensible default). */
export function firstBookableDate(now = new Date(), after = 1, hours: BookingHours = []): string {
  const today = saNow(now).date;
  for (let d = after; d <= BOOKING_WINDOW_DAYS; d++) {
    const date = addDaysIso(today, d);
    if (timeSlots(date, now, hours).length) return date;
  }
  return today;
}
