/**
 * A store's value in a component, read from the device only after hydration: the first render matches the
 * server's HTML (nothing saved), then the device's lists arrive. (Reading storage during hydration would
 * leave attributes such as aria-pressed as the server rendered them.)
 */
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';
import { startSaved } from '../../client/stores/saved.ts';

export function useDeviceStore<T>(store: ReadableAtom<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    startSaved();
    return store.subscribe(setValue);
  }, [store]);
  return value;
}
