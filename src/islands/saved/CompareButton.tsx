/**
 * "Compare" on a car (listing card and vehicle page), as on the marketplaces: a toggle whose pressed state
 * says the car is in this device's comparison. The comparison is a subset of the saved cars, so comparing
 * a car also saves it. A fourth car is refused in words; after each choice a link leads to the comparison.
 */
import { useState } from 'react';
import {
  $compare,
  addToCompare,
  isSaved,
  removeFromCompare,
  toggleSaved,
} from '../../client/stores/saved.ts';
import { COMPARE_FULL_MESSAGE, COMPARE_LIMIT, type SavedCar } from '../../domain/saved-cars.ts';
import { paths, withDealer } from '../../domain/urls.ts';
import { useDeviceStore } from './useDeviceStore.ts';

const NONE: number[] = [];

interface Props {
  car: SavedCar;
  site: string | null;
  className?: string;
}

export function CompareButton({ car, site, className = '' }: Props) {
  const ids = useDeviceStore($compare, NONE);
  const comparing = ids.includes(car.id);
  const [note, setNote] = useState('');

  const toggle = () => {
    if (comparing) {
      removeFromCompare(car.id);
      setNote('Taken out of the comparison.');
      return;
    }
    const r = addToCompare(car.id);
    if (!r.ok) return setNote(COMPARE_FULL_MESSAGE);
    if (!isSaved(car.id)) toggleSaved(car);
    setNote(`Added to the comparison (${r.ids.length} of ${COMPARE_LIMIT}).`);
  };

  return (
    <span className={`cmp ${className}`.trim()}>
      <button type="button" className="save-btn cmp-btn" aria-pressed={comparing} onClick={toggle}>
        <span aria-hidden="true" className="cmp-mark">
          {comparing ? '✓' : '+'}
        </span>
        Compare<span className="visually-hidden"> {car.name}</span>
      </button>
      <span role="status" className="cmp-note">
        {note && (
          <>
            {note}{' '}
            {ids.length > 0 && (
              <a href={withDealer(paths.compareCars(), site)}>
                Compare {ids.length} {ids.length === 1 ? 'car' : 'cars'}
              </a>
            )}
          </>
        )}
      </span>
    </span>
  );
}
