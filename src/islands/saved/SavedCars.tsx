/**
 * The saved-cars page: the cars this device kept, with today's price and details from the API,
 * a toggle to put up to three of them side by side, and a way to remove each. A car sold or removed since
 * it was saved says so, with its remove button.
 */
import { useState } from 'react';
import {
  $compare,
  $saved,
  $savedReady,
  addToCompare,
  removeFromCompare,
  removeSaved,
} from '../../client/stores/saved.ts';
import { financeSummary } from '../../domain/finance.ts';
import { carTitle, formatMileage, formatMoney, formatPrice } from '../../domain/format.ts';
import { COMPARE_FULL_MESSAGE, COMPARE_LIMIT, type SavedCar } from '../../domain/saved-cars.ts';
import { paths, withDealer } from '../../domain/urls.ts';
import { Picture } from '../picture/Picture.tsx';
import { EXAMPLE_TERMS } from './car-facts.ts';
import { EmptyBox } from './EmptyBox.tsx';
import { type CarState, useCars } from './useCars.ts';
import { useDeviceStore } from './useDeviceStore.ts';
import './saved.css';

const NO_CARS: SavedCar[] = [];
const NO_IDS: number[] = [];

export default function SavedCars({ site }: { site: string | null }) {
  const ready = useDeviceStore($savedReady, false);
  const saved = useDeviceStore($saved, NO_CARS);
  const compare = useDeviceStore($compare, NO_IDS);
  const { cars, retry } = useCars(saved.map((c) => c.id));
  const [message, setMessage] = useState('');
  const compareHref = withDealer(paths.compareCars(), site);

  const toggleCompare = (car: SavedCar, name: string) => {
    if (compare.includes(car.id)) {
      removeFromCompare(car.id);
      setMessage(`${name} taken out of the comparison.`);
      return;
    }
    const r = addToCompare(car.id);
    setMessage(
      r.ok ? `${name} added to the comparison (${r.ids.length} of ${COMPARE_LIMIT}).` : COMPARE_FULL_MESSAGE,
    );
  };
  const remove = (car: SavedCar, name: string) => {
    removeSaved(car.id);
    setMessage(`${name} removed from your saved cars.`);
  };

  return (
    <div className="sv">
      <header className="sv-head">
        <h1>Saved cars</h1>
        <p className="sv-intro">
          Kept in this browser on this device: no account needed. Prices and details are today’s.
        </p>
      </header>
      <div className="sv-bar">
        <p className="sv-count">
          {/* One short line while loading and when empty, so the empty box below does not move on a phone. */}
          {!ready
            ? 'Loading your saved cars…'
            : saved.length === 0
              ? '0 saved cars'
              : `${saved.length} saved ${saved.length === 1 ? 'car' : 'cars'} · ${compare.length} of ${COMPARE_LIMIT} chosen to compare`}
        </p>
        {compare.length > 0 && (
          <a className="btn" href={compareHref}>
            Compare {compare.length} {compare.length === 1 ? 'car' : 'cars'}
          </a>
        )}
      </div>
      <p className="sv-message" role="status">
        {message}
      </p>

      {saved.length === 0 ? (
        <EmptyBox pending={!ready}>
          <h2>No saved cars yet</h2>
          <p>Press “Save” on any car to keep it here, then compare up to {COMPARE_LIMIT} side by side.</p>
          <a className="btn" href={withDealer(paths.preOwned(), site)}>
            Browse used cars
          </a>
        </EmptyBox>
      ) : (
        <ul className="sv-list">
          {saved.map((car) => (
            <li key={car.id}>
              <SavedRow
                car={car}
                state={cars.get(car.id) ?? { kind: 'loading' }}
                site={site}
                comparing={compare.includes(car.id)}
                onCompare={toggleCompare}
                onRemove={remove}
                onRetry={() => retry(car.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {saved.length > 0 && (
        <p className="sv-fine">
          Instalment examples are at {EXAMPLE_TERMS}; they exclude fees and are not binding.
        </p>
      )}
    </div>
  );
}

interface RowProps {
  car: SavedCar;
  state: CarState;
  site: string | null;
  comparing: boolean;
  onCompare: (car: SavedCar, name: string) => void;
  onRemove: (car: SavedCar, name: string) => void;
  onRetry: () => void;
}

function SavedRow({ car, state, site, comparing, onCompare, onRemove, onRetry }: RowProps) {
  const name = state.kind === 'ready' ? carTitle(state.v) : car.name;
  const removeBtn = (
    <button type="button" className="btn btn--ghost sv-remove" onClick={() => onRemove(car, name)}>
      Remove<span className="visually-hidden"> {name} from saved cars</span>
    </button>
  );
  if (state.kind !== 'ready')
    return (
      <article className="sv-card sv-card--short" aria-busy={state.kind === 'loading'}>
        <div className="sv-body">
          <h2 className="sv-title">{name}</h2>
          {state.kind === 'gone' && (
            <p className="sv-gone">No longer available: it has been sold or taken off sale.</p>
          )}
          {state.kind === 'error' && <p className="sv-gone">We could not load this car. Please try again.</p>}
          {state.kind === 'loading' && <p className="sv-loading">Loading today’s details…</p>}
          <div className="sv-actions">
            {state.kind === 'error' && (
              <button type="button" className="btn btn--ghost" onClick={onRetry}>
                Try again<span className="visually-hidden"> to load {name}</span>
              </button>
            )}
            {removeBtn}
          </div>
        </div>
      </article>
    );

  const v = state.v;
  const image = v.images['hydra:member'][0];
  return (
    <article className="sv-card">
      {image ? (
        <Picture
          image={image}
          className="sv-img"
          sizes="(min-width: 600px) 240px, 38vw"
          alt=""
          loading="lazy"
        />
      ) : (
        <div className="sv-img sv-noimg">No photo yet</div>
      )}
      <div className="sv-body">
        <h2 className="sv-title">
          <a href={withDealer(v.uri, site)}>{name}</a>
        </h2>
        {v.status === 'reserved' && <p className="sv-reserved">Reserved</p>}
        <p className="sv-specs">
          {formatMileage(v.mileage['hydra:member'][0] ?? 0)} · {v.transmission} · {v.fuel_type}
        </p>
        <p className="sv-price">
          {formatPrice(v.price)}{' '}
          <span className="sv-instalment">
            {formatMoney(financeSummary({ price: v.price }).instalment)} p/m
          </span>
        </p>
        <p className="sv-dealer">
          {v.dealer_name}, {v.dealer_province}
        </p>
        <div className="sv-actions">
          <button
            type="button"
            className="btn btn--ghost sv-compare"
            aria-pressed={comparing}
            onClick={() => onCompare(car, name)}
          >
            <span aria-hidden="true" className="sv-check">
              {comparing ? '✓' : '+'}
            </span>
            Compare<span className="visually-hidden"> {name}</span>
          </button>
          {removeBtn}
        </div>
      </div>
    </article>
  );
}
