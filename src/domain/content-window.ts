/**
 * When dated content is on the site (issue 25 §7). A special or service deal is shown up to and including
 * its `valid_until` day and leaves on the day after; a blog post or banner with `publish_from` appears on
 * that day. Days are calendar days on the group's clock (Africa/Johannesburg): the public API, and through
 * it the built site, ask `isLiveOn(item, todayIn())`, and the boundary rebuild job asks `boundariesOf`.
 */
import { dayIn, GROUP_TIME_ZONE, startOfDay } from './zoned-date.ts';

/** The dates that bound an item; either may be absent (null or ''). YYYY-MM-DD. */
export interface ContentWindow {
  /** First day shown (blog posts, banners). */
  publish_from?: string | null;
  /** Last day shown (specials, service deals). */
  valid_until?: string | null;
}

/** Today (YYYY-MM-DD) on the group's clock at the instant `at`. */
export const todayIn = (at: Date, timeZone = GROUP_TIME_ZONE): string => dayIn(at, timeZone);

/** The day after a calendar day (YYYY-MM-DD). */
export function dayAfter(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Whether the item is on the site on calendar day `day` (YYYY-MM-DD). */
export function isLiveOn(item: ContentWindow, day: string): boolean {
  if (item.publish_from && day < item.publish_from) return false;
  if (item.valid_until && day > item.valid_until) return false;
  return true;
}

export type ContentStatus =
  | { state: 'live' }
  | { state: 'scheduled'; from: string }
  | { state: 'expired'; on: string };

/** What the admin's lists show: live, scheduled from a day, or expired after a day. */
export function statusOn(item: ContentWindow, day: string): ContentStatus {
  if (item.publish_from && day < item.publish_from) return { state: 'scheduled', from: item.publish_from };
  if (item.valid_until && day > item.valid_until) return { state: 'expired', on: item.valid_until };
  return { state: 'live' };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-03' → '3 Dec 2026'. */
export function formatDay(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

/** "Live", "Scheduled from 3 Dec 2026" or "Expired 30 Nov 2026". */
export function statusLabel(status: ContentStatus): string {
  if (status.state === 'scheduled') return `Scheduled from ${formatDay(status.from)}`;
  if (status.state === 'expired') return `Expired ${formatDay(status.on)}`;
  return 'Live';
}

/**
 * The instants at which the item appears or leaves the site: the start of `publish_from`, and the start
 * of the day after `valid_until`, on the group's clock.
 */
export function boundariesOf(item: ContentWindow, timeZone = GROUP_TIME_ZONE): Date[] {
  const out: Date[] = [];
  if (item.publish_from) out.push(startOfDay(item.publish_from, timeZone));
  if (item.valid_until) out.push(startOfDay(dayAfter(item.valid_until), timeZone));
  return out;
}

/** Whether any item appeared or left in (since, until]: a build made at `since` shows a stale site at `until`. */
export function crossedBoundary(
  items: readonly ContentWindow[],
  since: Date,
  until: Date,
  timeZone = GROUP_TIME_ZONE,
): boolean {
  return items.some((item) =>
    boundariesOf(item, timeZone).some((b) => b.getTime() > since.getTime() && b.getTime() <= until.getTime()),
  );
}
