/**
 * The dealership that owns the car: name, address, opening hours, a `tel:` link and WhatsApp
 * click-to-chat with a message naming the car and its stock number (every car reaches its
 * own dealer, not the site's default one).
 */

import { type LeadCar, telHref, whatsappHref } from '../../domain/contact.ts';
import { hoursRows } from '../../domain/opening-hours.ts';
import type { DealerContact } from './shown-vehicle.ts';

interface Props {
  dealer: DealerContact | undefined;
  /** The car's dealer name and province, shown even if the contact list lacks the dealer. */
  name: string;
  province: string;
  car: LeadCar;
  /** The page that says how to recognise fraud, beside the WhatsApp button (fake dealers use WhatsApp). */
  fraudHref: string;
}

export function DealerPanel({ dealer, name, province, car, fraudHref }: Props) {
  return (
    <section className="uv-dealer" aria-labelledby="uv-dealer-title">
      <h2 id="uv-dealer-title" className="uv-dealer-title">
        At {name}, {province}
      </h2>
      {dealer && (
        <>
          <p className="uv-dealer-address">{dealer.address}</p>
          <p className="uv-dealer-links">
            <a className="btn btn--ghost" href={telHref(dealer.dealer_contact_no)}>
              Call {dealer.dealer_contact_no}
            </a>
            <a
              className="btn btn--ghost uv-wa"
              href={whatsappHref(dealer.whatsapp_no ?? dealer.dealer_contact_no, car)}
              target="_blank"
              rel="noopener noreferrer"
            >
              WhatsApp<span className="visually-hidden"> {name} about this car (opens WhatsApp)</span>
            </a>
          </p>
          <p className="uv-fraud">
            We never ask for a deposit before you have seen the car.{' '}
            <a href={fraudHref}>How to avoid fraud</a>
          </p>
          <div className="uv-hours">
            <h3 className="uv-hours-title">Opening hours</h3>
            <dl>
              {hoursRows(dealer.opening_hours).map((h) => (
                <div key={h.label}>
                  <dt>{h.label}</dt>
                  <dd className="uv-hours-time">{h.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      )}
    </section>
  );
}
