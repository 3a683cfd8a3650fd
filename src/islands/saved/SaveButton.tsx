/** "Save" on a car (card or vehicle page): a toggle whose pressed state says the car is kept on this device. */

import { $saved, toggleSaved } from '../../client/stores/saved.ts';
import type { SavedCar } from '../../domain/saved-cars.ts';
import { useDeviceStore } from './useDeviceStore.ts';
import './save-button.css';

const NONE: SavedCar[] = [];

interface Props {
  car: SavedCar;
  className?: string;
}

export function SaveButton({ car, className = '' }: Props) {
  const saved = useDeviceStore($saved, NONE).some((c) => c.id === car.id);
  return (
    <button
      type="button"
      className={`save-btn ${className}`.trim()}
      aria-pressed={saved}
      title={saved ? 'Saved on this device: press to remove' : 'Save this car on this device'}
      onClick={() => toggleSaved(car)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.7 2.9 4.5 6.8 4.5c2.2 0 3.9 1.3 5.2 3 1.3-1.7 3-3 5.2-3 3.9 0 5.9 4.2 4.4 7.4C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="save-btn-text">Save</span>
      <span className="visually-hidden"> {car.name}</span>
    </button>
  );
}
