/**
 * "Nearest dealership", loaded only when the visitor asks: the browser's own location
 * (Geolocation API, no lookup service), the dealerships from the API, the closest by great-circle
 * distance (geo.ts); it becomes the selected dealer (dealer store, SPEC §4) and the header shows its
 * contact details on this and later pages. Every failure ends in a message the visitor can act on.
 */

import type { Dealer } from '../contract/index.ts';
import { stripBrand } from '../domain/format.ts';
import { nearest } from '../domain/geo.ts';
import { browserApi } from './browser-api.ts';
import { type HeaderContact, showContact, storeContact } from './header-contact.ts';
import { selectDealer } from './stores/dealer.ts';

const NEAREST_MESSAGES = {
  unsupported: 'This browser cannot share your location. Choose a dealership on the contact page.',
  finding: 'Finding your nearest dealership…',
  denied:
    'Location access was not allowed, so we could not find your nearest dealership. Allow location for this site and try again, or choose a dealership on the contact page.',
  unavailable:
    'Your location is not available right now. Please try again, or choose a dealership on the contact page.',
  timeout: 'Finding your location took too long. Please try again.',
  dealers: 'We could not load our dealerships. Please check your connection and try again.',
} as const;

/** The header's details of a dealership; `brand` is left off its short name ("West Rand"). */
function contactOf(d: Dealer, brand: string): HeaderContact {
  return {
    slug: d.slug,
    name: d.dealerName,
    short: stripBrand(d.dealerName, brand),
    phone: d.dealer_contact_no,
    whatsapp: d.whatsapp_no ?? d.dealer_contact_no,
    address: `${d.street}, ${d.suburb}, ${d.city}`,
  };
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 600_000 }),
  );
}

/** Finds, selects and shows the nearest dealership; returns the message for the status line. */
export async function findNearest(say: (message: string) => void, brand: string): Promise<void> {
  if (!('geolocation' in navigator)) return say(NEAREST_MESSAGES.unsupported);
  say(NEAREST_MESSAGES.finding);
  const dealers = browserApi.dealers().then((list) => list['hydra:member']);
  dealers.catch(() => {}); // awaited below; a failure is reported there
  let coords: GeolocationCoordinates;
  try {
    coords = (await position()).coords;
  } catch (err) {
    const code = (err as GeolocationPositionError).code;
    return say(
      code === 1
        ? NEAREST_MESSAGES.denied
        : code === 3
          ? NEAREST_MESSAGES.timeout
          : NEAREST_MESSAGES.unavailable,
    );
  }
  let list: Dealer[];
  try {
    list = await dealers;
  } catch (err) {
    console.error('Could not load the dealerships', err); // SPEC §8
    return say(NEAREST_MESSAGES.dealers);
  }
  const found = nearest(list, coords);
  if (!found) return say(NEAREST_MESSAGES.dealers);
  const contact = contactOf(found.place, brand);
  storeContact(contact);
  selectDealer(contact.slug);
  showContact(contact);
  say(
    `Your nearest dealership is ${contact.name}, about ${Math.round(found.km)} km away. Its phone number is now at the top of every page.`,
  );
}
