/** Models of the new range for one make (GET /api/ranges, SPEC §5: models come from the vehicle range). */
import { useEffect, useState } from 'react';
import { browserApi } from '../../client/browser-api.ts';
import type { Option } from '../form-kit/Field.tsx';

type Loaded = { state: 'loading' } | { state: 'ready'; options: Option[] } | { state: 'error' };
export type ModelOptions = Loaded & { retry: () => void };

export function useRangeModels(enabled: boolean, make: string): ModelOptions {
  const [state, setState] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on each retry
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ state: 'loading' });
    browserApi
      .rangeModels()
      .then((list) => {
        const names = list['hydra:member']
          .filter((m) => m.make.toLowerCase() === make.toLowerCase())
          .map((m) => m.model);
        if (live)
          setState({ state: 'ready', options: [...new Set(names)].map((n) => ({ value: n, label: n })) });
      })
      .catch((err: unknown) => {
        console.error('Could not load the range', err); // SPEC §8
        if (live) setState({ state: 'error' });
      });
    return () => {
      live = false;
    };
  }, [enabled, make, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) } as ModelOptions;
}
