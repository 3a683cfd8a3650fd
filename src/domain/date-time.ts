/** An instant as the group's staff read it: DD.MM.YYYY HH:mm on the group's clock (Africa/Johannesburg). */
import { GROUP_TIME_ZONE } from './zoned-date.ts';

const parts = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(at: string | Date | null | undefined, timeZone = GROUP_TIME_ZONE): string {
  if (at === null || at === undefined || at === '') return '';
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    parts.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/**
 * A day as the group's staff read it: DD.MM.YYYY. A calendar date (YYYY-MM-DD, e.g. a special's
 * valid_until) is that day as written; an instant is its day on the group's clock.
 */
export function formatDate(at: string | Date | null | undefined, timeZone = GROUP_TIME_ZONE): string {
  if (at === null || at === undefined || at === '') return '';
  const day = typeof at === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(at) : null;
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  return formatDateTime(at, timeZone).slice(0, 10);
}
