/**
 * One used car in the listing: image (tagged "Illustration" when it is a drawing), year, make, model, variant, mileage, transmission, fuel, colour,
 * price, instalment with its disclosures (DESIGN §5), dealer and province.
 */
import type { VehicleSummary } from '../../contract/index.ts';
import { financeSummary } from '../../domain/finance.ts';
import { formatMileage, formatMoney, formatPrice } from '../../domain/format.ts';
import { LCP_SIZES } from '../../domain/preload.ts';
import { withDealer } from '../../domain/urls.ts';
import { IllustrationLabel } from '../picture/IllustrationLabel.tsx';
import { Picture } from '../picture/Picture.tsx';
import { CompareButton } from '../saved/CompareButton.tsx';
import { SaveButton } from '../saved/SaveButton.tsx';
import './used-card.css';

interface Props {
  car: VehicleSummary;
  site: string | null;
  /** The first cards are above the fold: load them at once. */
  eager: boolean;
  /**
   * The first card's picture is the listing's largest contentful paint (preloaded by the page). The others
   * are low, in view or not, so Chrome does not raise them beside it (decision 350).
   */
  priority?: boolean;
  /** h2 in the listing; h3 where the cards sit under a section heading. */
  heading?: 'h2' | 'h3';
}

export function UsedCard({ car, site, eager, priority = false, heading: Heading = 'h2' }: Props) {
  const f = financeSummary({ price: car.price });
  const name = `${car.year} ${car.make} ${car.model}`;
  const saved = { id: car.id, name: `${name} ${car.variant}`.trim(), uri: car.uri };
  return (
    <article className="card uc">
      <div className="uc-media">
        {car.image ? (
          <Picture
            image={car.image}
            className="card-media uc-img"
            sizes={LCP_SIZES.usedCard}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            priority={priority}
            decoding="async"
          />
        ) : (
          <div className="card-media uc-img uc-noimg">No photo yet</div>
        )}
        {car.image?.illustration && <IllustrationLabel />}
      </div>
      <div className="card-body uc-body">
        {car.state_of_vehicle === 'Demo' && <span className="uc-badge">Demo</span>}
        <Heading className="uc-title card-link">
          <a href={withDealer(car.uri, site)}>{name}</a>
        </Heading>
        <SaveButton car={saved} className="uc-save" />
        {car.variant && <p className="uc-variant">{car.variant}</p>}
        <ul className="uc-specs">
          <li>
            <span className="visually-hidden">Mileage: </span>
            {formatMileage(car.mileage.value)}
          </li>
          <li>
            <span className="visually-hidden">Transmission: </span>
            {car.transmission}
          </li>
          <li>
            <span className="visually-hidden">Fuel: </span>
            {car.fuel_type}
          </li>
          <li>
            <span className="visually-hidden">Colour: </span>
            {car.exterior_color}
          </li>
        </ul>
        <div className="uc-buy">
          <div>
            <p className="uc-price">{formatPrice(car.price)}</p>
            <p className="uc-instalment">
              <strong>{formatMoney(f.instalment)}</strong> p/m
            </p>
          </div>
          <CompareButton car={saved} site={site} />
        </div>
        <p className="uc-terms">
          {f.instalments} instalments, total {formatMoney(f.totalOfInstalments)}; {f.interestRate}% interest;
          0% deposit; balloon {formatMoney(f.balloon)}.
        </p>
        <p className="uc-dealer">
          {car.dealer_name}, {car.dealer_province}
        </p>
      </div>
    </article>
  );
}

export function SkeletonCard() {
  return (
    <div className="card uc uc-skeleton" aria-hidden="true">
      <div className="card-media uc-img" />
      <div className="card-body uc-body">
        <span className="sk sk-title" />
        <span className="sk" />
        <span className="sk sk-short" />
        <span className="sk sk-price" />
      </div>
    </div>
  );
}
