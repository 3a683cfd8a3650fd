/**
 * The dealer a form preselects when the page has none of its own: the visitor's stored dealer
 * (`dealer_slug`, SPEC §4), else the default the layout names on <html data-default-dealer> (the
 * layout's start-up script may not have stored it yet when the island hydrates).
 */
import { readStoredDealer } from '../../client/stores/dealer.ts';

export function initialDealer(): string {
  return readStoredDealer() || document.documentElement.dataset.defaultDealer || '';
}
