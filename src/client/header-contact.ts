/**
 * The header's dealership: the contact details of the dealership a
 * visitor picked, kept beside the dealer store's `dealer_slug`, and shown wherever the header and drawer
 * mark them (data-dealer-tel, -wa, -phone, -name, -short, -address). Tiny and import-light: the layout
 * runs it on every page.
 */
import { telHref, waNumber } from '../domain/phone-links.ts';

const CONTACT_STORAGE_KEY = 'dealer_contact';

export interface HeaderContact {
  slug: string;
  name: string;
  short: string;
  phone: string;
  /** The WhatsApp number, else the phone number. */
  whatsapp: string;
  address: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function storeContact(c: HeaderContact): void {
  try {
    storage()?.setItem(CONTACT_STORAGE_KEY, JSON.stringify(c));
  } catch {
    // storage full or blocked: the header still changes on this page
  }
}

/** The stored contact, if it belongs to `slug` and is well formed. */
export function storedContact(slug: string): HeaderContact | null {
  try {
    const c = JSON.parse(storage()?.getItem(CONTACT_STORAGE_KEY) ?? 'null') as HeaderContact | null;
    return c && c.slug === slug && typeof c.phone === 'string' && typeof c.name === 'string' ? c : null;
  } catch {
    return null;
  }
}

/** Shows one dealership's details in the header and drawer. */
export function showContact(c: HeaderContact, root: ParentNode = document): void {
  const all = (name: string) => root.querySelectorAll<HTMLElement>(`[data-dealer-${name}]`);
  for (const a of all('tel')) a.setAttribute('href', telHref(c.phone));
  for (const a of all('wa')) a.setAttribute('href', `https://wa.me/${waNumber(c.whatsapp || c.phone)}`);
  for (const el of all('phone')) el.textContent = c.phone;
  for (const el of all('name')) el.textContent = c.name;
  for (const el of all('short')) el.textContent = c.short;
  for (const el of all('address')) el.textContent = c.address;
}
