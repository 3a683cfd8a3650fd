/**
 * Side-by-side compare of up to three cars chosen on the saved-cars page: price, instalment
 * example, year, mileage, transmission, fuel, body type, colour and dealership, with a link to each car and a
 * way to take it out. A car sold or removed since it was chosen says so.
 */
import { useState } from 'react';
import { $compare, $saved, $savedReady, removeFromCompare } from '../../client/stores/saved.ts';
import { carTitle } from '../../domain/format.ts';
import type { SavedCar } from '../../domain/saved-cars.ts';
import { COMPARE_LIMIT } from '../../domain/saved-cars.ts';
import { paths, withDealer } from '../../domain/urls.ts';
import { Picture } from '../picture/Picture.tsx';
import { COMPARE_ROWS, EXAMPLE_TERMS } from './car-facts.ts';
import { EmptyBox } from './EmptyBox.tsx';
import { useCars } from './useCars.ts';
import { useDeviceStore } from './useDeviceStore.ts';
import './saved.css';

const NO_CARS: SavedCar[] = [];
const NO_IDS: number[] = [];

export default function CompareCars({ site }: { site: string | null }) {
  const ready = useDeviceStore($savedReady, false);
  const ids = useDeviceStore($compare, NO_IDS);
  const saved = useDeviceStore($saved, NO_CARS);
  const { cars, retry } = useCars(ids);
  const [message, setMessage] = useState('');
  const savedHref = withDealer(paths.savedCars(), site);

  const nameFor = (id: number) => {
    const s = cars.get(id);
    return s?.kind === 'ready' ? carTitle(s.v) : (saved.find((c) => c.id === id)?.name ?? `Car ${id}`);
  };
  const remove = (id: number) => {
    const name = nameFor(id);
    removeFromCompare(id);
    setMessage(`${name} taken out of the comparison.`);
  };

  return (
    <div className="cmp">
      <header className="sv-head">
        <h1 id="cmp-title">Compare cars</h1>
        <p className="sv-intro">
          Up to {COMPARE_LIMIT} of your saved cars side by side, with today’s prices.{' '}
          <a href={savedHref}>Back to saved cars</a>
        </p>
      </header>
      <p className="sv-message" role="status">
        {message}
      </p>
      {ids.length === 0 ? (
        <EmptyBox pending={!ready} loading="Loading your comparison…">
          <h2>No cars to compare</h2>
          <p>Choose up to {COMPARE_LIMIT} cars with “Compare” on your saved cars.</p>
          <a className="btn" href={savedHref}>
            Go to saved cars
          </a>
        </EmptyBox>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <section className="cmp-scroll" aria-labelledby="cmp-title" tabIndex={0}>
            <table className="cmp-table">
              <caption className="visually-hidden">
                {ids.length} {ids.length === 1 ? 'car' : 'cars'} side by side
              </caption>
              <thead>
                <tr>
                  <td className="cmp-corner" />
                  {ids.map((id) => {
                    const s = cars.get(id) ?? { kind: 'loading' as const };
                    const name = nameFor(id);
                    const image = s.kind === 'ready' ? s.v.images['hydra:member'][0] : undefined;
                    return (
                      <th key={id} scope="col" className="cmp-car">
                        {image ? (
                          <Picture image={image} className="cmp-img" sizes="220px" alt="" loading="lazy" />
                        ) : (
                          <div className="cmp-img cmp-noimg" aria-hidden="true" />
                        )}
                        {s.kind === 'ready' ? (
                          <a href={withDealer(s.v.uri, site)}>{name}</a>
                        ) : (
                          <span>{name}</span>
                        )}
                        {s.kind === 'gone' && <span className="sv-gone">No longer available</span>}
                        {s.kind === 'loading' && <span className="sv-loading">Loading…</span>}
                        {s.kind === 'error' && (
                          <button type="button" className="cmp-btn" onClick={() => retry(id)}>
                            Try again<span className="visually-hidden"> to load {name}</span>
                          </button>
                        )}
                        <button type="button" className="cmp-btn" onClick={() => remove(id)}>
                          Remove<span className="visually-hidden"> {name} from the comparison</span>
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {COMPARE_ROWS.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {ids.map((id) => {
                      const s = cars.get(id);
                      return <td key={id}>{s?.kind === 'ready' ? value(s.v) : '–'}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className="sv-fine">
            The instalment example is at {EXAMPLE_TERMS}; it excludes fees and is not binding. Each car’s page
            has a calculator for your own figures.
          </p>
          {ids.length < COMPARE_LIMIT && (
            <p>
              <a href={savedHref}>Add another car from your saved cars</a>
            </p>
          )}
        </>
      )}
    </div>
  );
}
