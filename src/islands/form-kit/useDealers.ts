/**
 * The dealerships a visitor may choose (GET /api/dealers, SPEC §7), loaded when the island needs
 * them, once per page. A failed load is logged (SPEC §8) and offers a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { browserApiLater } from '../../client/browser-api-later.ts';
import type { OpeningPeriod } from '../../domain/opening-hours.ts';
import type { Option } from './Field.tsx';

/** A dealership to choose, with its own opening hours (empty: the group's), which bookings follow. */
export interface DealerOption extends Option {
  hours: OpeningPeriod[];
}

export type DealerOptions =
  | { state: 'loading' }
  | { state: 'ready'; options: DealerOption[] }
  | { state: 'error' };

let cached: Promise<DealerOption[]> | null = null;

function load(): Promise<DealerOption[]> {
  cached ??= browserApiLater()
    .then((api) => api.dealers())
    .then((list) =>
      list['hydra:member']
        .map((d) => ({ value: d.slug, label: d.dealerName, hours: d.opening_hours }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    )
    .catch((err: unknown) => {
      cached = null;
      throw err;
    });
  return cached;
}

/**
 * `known`: the list the page was built with (the form works before scripts), refreshed from the API
 * once `refresh` is true: a form passes it when the visitor starts on it, so a page read and left
 * loads no API client.
 */
export function useDealers(
  enabled: boolean,
  known?: DealerOption[],
  refresh = true,
): { dealers: DealerOptions; retry: () => void } {
  const [dealers, setDealers] = useState<DealerOptions>(
    known?.length ? { state: 'ready', options: known } : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const built = Boolean(known?.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on each retry
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    if (built && attempt === 0) {
      if (!refresh) return;
      // The page's list works at once; the API's is fresher (hours an editor changed since the build).
      load()
        .then((options) => live && setDealers({ state: 'ready', options }))
        .catch((err: unknown) =>
          console.warn('Could not refresh the dealerships; the page keeps its list', err),
        );
      return () => {
        live = false;
      };
    }
    setDealers({ state: 'loading' });
    load()
      .then((options) => live && setDealers({ state: 'ready', options }))
      .catch((err: unknown) => {
        console.error('Could not load the dealerships', err); // SPEC §8
        if (live) setDealers({ state: 'error' });
      });
    return () => {
      live = false;
    };
  }, [enabled, attempt, refresh]);
  return { dealers, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
