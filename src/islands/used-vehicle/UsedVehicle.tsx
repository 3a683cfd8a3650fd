/**
 * Used vehicle page island (SPEC §2): gallery, price, finance summary, calculator, 'Enquire Now',
 * disclaimer. Pre-built pages start with the build's data and refresh it (a car sold since says so);
 * the shell page (/pre-owned/vehicle, served for cars added after the build) reads the id from the URL.
 */
import { useEffect, useState } from 'react';
import { browserApi } from '../../client/browser-api.ts';
import type { VehicleSummary } from '../../contract/index.ts';
import { carLinkQuery } from '../../domain/car-link.ts';
import { stockNumber } from '../../domain/contact.ts';
import { FINANCE_DEFAULTS, financeSummary } from '../../domain/finance.ts';
import { carTitle, formatMileage, formatMoney, formatPrice } from '../../domain/format.ts';
import { paths, withDealer } from '../../domain/urls.ts';
import { BODY_TYPE_LABELS } from '../../domain/vehicle-query.ts';
import { CompareButton } from '../saved/CompareButton.tsx';
import { SaveButton } from '../saved/SaveButton.tsx';
import { SavedLink } from '../saved/SavedLink.tsx';
import { Calculator } from './Calculator.tsx';
import { DealerPanel } from './DealerPanel.tsx';
import { Disclaimer } from './Disclaimer.tsx';
import { FinanceTerms } from './FinanceTerms.tsx';
import { Gallery } from './Gallery.tsx';
import { ShareButton } from './ShareButton.tsx';
import { SimilarCars } from './SimilarCars.tsx';
import type { DealerContact, ShownVehicle } from './shown-vehicle.ts';
import './used-vehicle.css';

interface Props {
  /** Dealer site name under /dealer/{name}, or null. */
  site: string | null;
  /** The build's data, cut to what the page shows (shownVehicle); absent on the shell page. */
  vehicle?: ShownVehicle;
  /** Every dealership's contact details: the car's own is picked by its dealer_slug. */
  dealers: DealerContact[];
}

type View =
  | { kind: 'loading' }
  | { kind: 'ready'; v: ShownVehicle }
  | { kind: 'sold'; v: ShownVehicle }
  | { kind: 'missing' }
  | { kind: 'error' };

const PATH = /\/pre-owned\/([a-z0-9-]+)\/([a-z0-9-]+)\/(\d+)\/?$/;
const statusOf = (err: unknown) => (err as { response?: Response }).response?.status;
export default function UsedVehicle({ site, vehicle, dealers }: Props) {
  const [view, setView] = useState<View>(vehicle ? { kind: 'ready', v: vehicle } : { kind: 'loading' });
  // The car's own page and its enquiry page follow from its address (recomputed from the browser's).
  const [enquire, setEnquire] = useState(vehicle ? `${withDealer(vehicle.uri, site)}/enquire` : '');
  const [attempt, setAttempt] = useState(0);
  const [slugs, setSlugs] = useState<{ make: string; model: string } | null>(
    vehicle ? { make: vehicle.make_slug, model: vehicle.model_slug } : null,
  );
  const [similar, setSimilar] = useState<VehicleSummary[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount and on each retry
  useEffect(() => {
    const m = PATH.exec(window.location.pathname);
    if (!m) return setView({ kind: 'missing' });
    const [, make = '', model = '', id = ''] = m;
    setSlugs((s) => s ?? { make, model });
    setEnquire(`${window.location.pathname.replace(/\/+$/, '')}/enquire`);
    let live = true;
    const client = browserApi;
    client
      .similar(id)
      .then((list) => live && setSimilar(list['hydra:member']))
      .catch((err: unknown) => console.warn('Could not load similar cars', err));
    client
      .vehicle(id)
      .then((v) => {
        if (!live) return;
        const canonical = withDealer(v.uri, site);
        if (window.location.pathname.replace(/\/+$/, '') !== canonical) {
          // Same car under another make/model path: show its own address.
          window.history.replaceState(null, '', canonical + window.location.search);
          setEnquire(`${canonical}/enquire`);
        }
        setSlugs({ make: v.make_slug, model: v.model_slug });
        setView(v.status === 'sold' ? { kind: 'sold', v } : { kind: 'ready', v });
        if (!vehicle) document.title = document.title.replace(/^[^|]*/, `${carTitle(v)} for sale `);
      })
      .catch((err: unknown) => {
        if (!live) return;
        const status = statusOf(err);
        if (status === 404 || status === 400) return setView({ kind: 'missing' });
        console.error('Could not load the vehicle', err); // SPEC §8
        // A pre-built page keeps what it shows; the shell offers a retry.
        if (!vehicle) setView({ kind: 'error' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const listing = (make?: string, model?: string) =>
    withDealer(['/pre-owned', make, model].filter(Boolean).join('/'), site);

  if (view.kind === 'loading') return <Skeleton />;
  if (view.kind === 'error')
    return (
      <div className="uv-message" role="alert">
        <h1>We could not load this car</h1>
        <p>Please check your connection and try again.</p>
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  if (view.kind === 'missing' || view.kind === 'sold') {
    const v = view.kind === 'sold' ? view.v : null;
    return (
      <div className="uv-message">
        <h1>{v ? 'This car has been sold' : 'We could not find this car'}</h1>
        <p>
          {v
            ? `The ${carTitle(v)} is no longer available.`
            : 'It may have been sold, or the link may be mistyped.'}{' '}
          Have a look at similar cars we have in stock.
        </p>
        <p className="uv-message-links">
          {slugs && (
            <a className="btn" href={listing(slugs.make, slugs.model)}>
              {v ? `See used ${v.make} ${v.model} cars` : 'See similar cars'}
            </a>
          )}
          <a className="btn btn--ghost" href={listing()}>
            All used cars
          </a>
        </p>
        {similar && similar.length > 0 && <SimilarCars cars={similar} site={site} />}
      </div>
    );
  }

  const v = view.v;
  const name = carTitle(v);
  const f = financeSummary({ price: v.price });
  const facts: [string, string][] = [
    ['Year', String(v.year)],
    ['Mileage', formatMileage(v.mileage['hydra:member'][0] ?? 0)],
    ['Transmission', v.transmission],
    ['Fuel', v.fuel_type],
    ['Colour', v.exterior_color],
    ['Condition', v.state_of_vehicle],
    ['Body', BODY_TYPE_LABELS[v.body_type as keyof typeof BODY_TYPE_LABELS] ?? v.body_type],
    ['Stock number', stockNumber(v)],
    // Shown as the marketplaces do, so a buyer can check the car's history before a visit.
    ...(v.vin ? [['VIN', v.vin] as [string, string]] : []),
  ];
  const features = keyFeatures(v);
  const dealer = dealers.find((d) => d.slug === v.dealer_slug);
  // The forms' own query names (src/domain/car-link.ts): finance reads make, model, used, price and dealer.
  const prefill = carLinkQuery({
    vehicle: v.id,
    stock: v.stock_number,
    make: v.make,
    model: v.model,
    year: v.year,
    price: v.price,
    used: true,
    dealer: v.dealer_slug,
  }).slice(1);
  // The dated test-drive form (decision 101) for this car, its dealership preselected.
  const testDrive = `${withDealer(paths.usedTestDrive(), site)}${carLinkQuery({
    vehicle: v.id,
    stock: v.stock_number,
    make: v.make,
    model: v.model,
    year: v.year,
    dealer: v.dealer_slug,
  })}`;
  return (
    <article className="uv">
      <div className="uv-top">
        <Gallery images={v.images['hydra:member']} name={name} />
        <div className="uv-summary">
          <span className="eyebrow">
            {v.state_of_vehicle === 'Demo' ? 'Demo' : 'Pre-owned'} {v.make}
          </span>
          <h1>
            {v.year} {v.make} {v.model} <span className="uv-variant">{v.variant}</span>
          </h1>
          <p className="uv-stock">Stock no. {stockNumber(v)}</p>
          <div className="uv-keep">
            <SaveButton car={{ id: v.id, name, uri: v.uri }} />
            <CompareButton car={{ id: v.id, name, uri: v.uri }} site={site} />
            <ShareButton name={name} />
            <SavedLink site={site} className="uv-saved-link" />
          </div>
          <p className="uv-price">
            <span className="visually-hidden">Price: </span>
            {formatPrice(v.price)}
          </p>
          <p className="uv-headline">
            <span className="uv-label">Advertised example:</span> From{' '}
            <strong>{formatMoney(f.instalment)}</strong> p/m | {FINANCE_DEFAULTS.depositPercent}% Deposit |{' '}
            {FINANCE_DEFAULTS.termMonths} Months | {FINANCE_DEFAULTS.interestRate}% Interest
          </p>
          <FinanceTerms
            f={f}
            deposit={0}
            balloonPercent={FINANCE_DEFAULTS.balloonPercent}
            label="Advertised example"
          />
          <div className="uv-actions">
            <a className="btn" href={enquire}>
              Enquire Now
            </a>
            <Disclaimer />
          </div>
          <ul className="uv-next">
            <li>
              <a href={`${withDealer(paths.finance(), site)}?${prefill}`}>Apply for finance on this car</a>
            </li>
            <li>
              <a href={testDrive}>Book a test drive of this car</a>
            </li>
          </ul>
          <DealerPanel
            dealer={dealer}
            name={v.dealer_name}
            province={v.dealer_province}
            car={v}
            fraudHref={withDealer(paths.avoidFraud(), site)}
          />
        </div>
      </div>
      <div className="uv-details">
        <section aria-labelledby="uv-about">
          <h2 id="uv-about">About this car</h2>
          {v.description && <p>{v.description}</p>}
          <h3 className="uv-sub">Key features</h3>
          <ul className="uv-features">
            {features.map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
          <h3 className="uv-sub">Specifications</h3>
          <dl className="uv-facts">
            {facts.map(([dt, dd]) => (
              <div key={dt}>
                <dt>{dt}</dt>
                <dd>{dd}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Calculator price={v.price} />
      </div>
      {similar && similar.length > 0 && <SimilarCars cars={similar} site={site} />}
    </article>
  );
}

/** Highlights a buyer scans for: how it drives, how far it has gone, and what the description promises. */
function keyFeatures(v: ShownVehicle): string[] {
  const km = v.mileage['hydra:member'][0] ?? 0;
  const out = [
    `${v.transmission} gearbox`,
    `${v.fuel_type} engine`,
    `${formatMileage(km)} on the clock`,
    v.state_of_vehicle === 'Demo' ? 'Ex-demo: balance of the factory warranty' : `${v.year} model`,
  ];
  // The description's later sentences are the dealer's own selling points ("Full service history …").
  const sentences = v.description.split(/(?<=\.)\s+/).slice(1);
  for (const s of sentences) if (s.length <= 90) out.push(s.replace(/\.$/, ''));
  return out;
}

function Skeleton() {
  return (
    <div className="uv uv-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the car…
      </p>
      <div className="uv-top" aria-hidden="true">
        <div className="uvg-empty sk-block" />
        <div className="uv-summary">
          <span className="sk sk-title" />
          <span className="sk sk-price" />
          <span className="sk" />
          <span className="sk sk-short" />
          <span className="sk" />
        </div>
      </div>
    </div>
  );
}
