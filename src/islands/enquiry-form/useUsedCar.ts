/**
 * The car of a used enquiry. Pre-built pages pass it in; the shell page (served by src/server/site.ts
 * for a car added after the build) reads the id from the address and loads /api/vehicles/{id}.
 */
import { useEffect, useState } from 'react';
import { browserApiLater } from '../../client/browser-api-later.ts';
import { toUsedCar, type UsedCar } from './config.ts';

export type UsedCarState =
  | { state: 'ready'; car: UsedCar }
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error' };

const PATH = /\/pre-owned\/[a-z0-9-]+\/[a-z0-9-]+\/(\d{1,12})\/enquire\/?$/;

export function useUsedCar(
  enabled: boolean,
  built: UsedCar | undefined,
): { car: UsedCarState; retry: () => void } {
  const [car, setCar] = useState<UsedCarState>(built ? { state: 'ready', car: built } : { state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once hydrated (and on retry), on the shell page only
  useEffect(() => {
    if (!enabled || built) return;
    const id = PATH.exec(window.location.pathname)?.[1];
    if (!id) return setCar({ state: 'missing' });
    let live = true;
    setCar({ state: 'loading' });
    browserApiLater()
      .then((api) => api.vehicle(id))
      .then((v) => live && setCar({ state: 'ready', car: toUsedCar(v) }))
      .catch((err: unknown) => {
        if (!live) return;
        const status = (err as { response?: Response }).response?.status;
        if (status === 404 || status === 400) return setCar({ state: 'missing' });
        console.error('Could not load the vehicle', err); // SPEC §8
        setCar({ state: 'error' });
      });
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  return { car, retry: () => setAttempt((n) => n + 1) };
}
