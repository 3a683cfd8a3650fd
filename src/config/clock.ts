/**
 * The time the server goes by for dated content (issue 25 §7: specials that expire, posts that start).
 * Production reads the system clock; tests hand `Deps.clock` a clock they set, so "the day after
 * valid_until" is tested without waiting for it.
 */
import { todayIn } from '../domain/content-window.ts';

export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` until `set` moves it (tests). */
export function settableClock(at: Date | string): Clock & { set: (to: Date | string) => void } {
  let t = new Date(at).getTime();
  return {
    now: () => new Date(t),
    set: (to) => {
      t = new Date(to).getTime();
    },
  };
}

/** Today on the group's clock (YYYY-MM-DD) by `clock`: the day dated content is live against. */
export const contentDay = (clock: Clock = systemClock): string => todayIn(clock.now());
