/** The way to the saved-cars page, with how many cars this device keeps (listing and vehicle page). */

import { $saved } from '../../client/stores/saved.ts';
import type { SavedCar } from '../../domain/saved-cars.ts';
import { paths, withDealer } from '../../domain/urls.ts';
import { useDeviceStore } from './useDeviceStore.ts';

const NONE: SavedCar[] = [];

export function SavedLink({ site, className = '' }: { site: string | null; className?: string }) {
  const n = useDeviceStore($saved, NONE).length;
  return (
    <a className={`saved-link ${className}`.trim()} href={withDealer(paths.savedCars(), site)}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.7 2.9 4.5 6.8 4.5c2.2 0 3.9 1.3 5.2 3 1.3-1.7 3-3 5.2-3 3.9 0 5.9 4.2 4.4 7.4C19.5 16.4 12 21 12 21z" />
      </svg>
      Saved cars{n > 0 ? ` (${n})` : ''}
    </a>
  );
}
