/**
 * The selected dealer, shared by every island (SPEC §4). Persisted in localStorage under `dealer_slug`:
 * at start-up the default dealer's slug is stored when none is; a /dealer/{name} page selects that dealer;
 * the home page removes the stored slug. Forms read `$dealerSlug` to address their lead.
 */
import { atom } from 'nanostores';

const DEALER_STORAGE_KEY = 'dealer_slug';

/** The slug leads go to; null until start-up ran (server render, or storage removed on home). */
const $dealerSlug = atom<string | null>(null);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy mode): the atom still works for this page
  }
}

export function readStoredDealer(): string | null {
  return storage()?.getItem(DEALER_STORAGE_KEY) ?? null;
}

export function selectDealer(slug: string): void {
  storage()?.setItem(DEALER_STORAGE_KEY, slug);
  $dealerSlug.set(slug);
}

function clearDealer(): void {
  storage()?.removeItem(DEALER_STORAGE_KEY);
  $dealerSlug.set(null);
}

export interface DealerStartup {
  /** True on the home page (root only: a dealer's home selects that dealer). */
  isHome: boolean;
  /** The dealer of a /dealer/{name} page. */
  pageDealerSlug: string | null;
  defaultDealerSlug: string;
}

/**
 * Applies SPEC §4's rules once per page load. Returns the slug forms should use: the page's dealer,
 * else the stored one, else the default (the default is used on home too, without being stored).
 */
export function startDealerStore({ isHome, pageDealerSlug, defaultDealerSlug }: DealerStartup): string {
  if (pageDealerSlug) {
    selectDealer(pageDealerSlug);
    return pageDealerSlug;
  }
  if (isHome) {
    clearDealer();
    $dealerSlug.set(defaultDealerSlug);
    return defaultDealerSlug;
  }
  const stored = readStoredDealer();
  if (stored) {
    $dealerSlug.set(stored);
    return stored;
  }
  selectDealer(defaultDealerSlug);
  return defaultDealerSlug;
}
