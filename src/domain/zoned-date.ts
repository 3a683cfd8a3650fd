/**
 * Calendar days in a time zone. Staff pick "received from 25 November" on the group's clock
 * (Africa/Johannesburg, REBUILD_TIMEZONE); a lead stored at 22:30 UTC on the 24th arrived on the 25th there.
 */

/** The group's clock, where a staff member's calendar day begins and ends (REBUILD_TIMEZONE by default). */
export const GROUP_TIME_ZONE = 'Africa/Johannesburg';

/** Milliseconds the zone's wall clock is ahead of UTC at this instant. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in the zone. */
export function startOfDay(ymd: string, timeZone: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess can differ from the offset at the answer around a DST change.
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetAt(guess, timeZone));
}

/** The instant the next calendar day begins in the zone (the exclusive end of `ymd`). */
export function endOfDay(ymd: string, timeZone: string): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfDay(next, timeZone);
}

/** Today's calendar day (YYYY-MM-DD) in the zone. */
export const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/** Whether a YYYY-MM-DD string names a real calendar day (2026-02-30 does not). */
export function isCalendarDay(ymd: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return false;
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd;
}
