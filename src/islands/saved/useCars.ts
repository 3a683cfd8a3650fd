/**
 * The current details of the cars a device kept (saved or compared), loaded from the public API by id,
 * once per page. A car the API no longer knows (404) or that was sold is "gone": the page says so and offers
 * to remove it, never a broken card.
 */
import { useEffect, useRef, useState } from 'react';
import { browserApi } from '../../client/browser-api.ts';
import type { VehicleDetail } from '../../contract/index.ts';

export type CarState =
  | { kind: 'loading' }
  | { kind: 'ready'; v: VehicleDetail }
  | { kind: 'gone' }
  | { kind: 'error' };

const statusOf = (err: unknown) => (err as { response?: Response }).response?.status;

export function useCars(ids: number[]): { cars: Map<number, CarState>; retry: (id: number) => void } {
  const [cars, setCars] = useState(() => new Map<number, CarState>());
  const asked = useRef(new Set<number>());
  const live = useRef(true);

  const load = (id: number) => {
    asked.current.add(id);
    const set = (s: CarState) => live.current && setCars((m) => new Map(m).set(id, s));
    set({ kind: 'loading' });
    browserApi
      .vehicle(id)
      .then((v) => set(v.status === 'sold' ? { kind: 'gone' } : { kind: 'ready', v }))
      .catch((err: unknown) => {
        const status = statusOf(err);
        if (status === 404 || status === 400) return set({ kind: 'gone' });
        console.error('Could not load a saved car', id, err); // SPEC §8
        set({ kind: 'error' });
      });
  };

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids; each car is asked for once
  useEffect(() => {
    for (const id of ids) if (!asked.current.has(id)) load(id);
  }, [ids.join(',')]);

  return { cars, retry: load };
}
