import type { MouseEvent } from 'react';

/**
 * A click on one of the listing's links (a page, a quick filter) that stays in the island once it has
 * hydrated. Before that, and for a new tab or window, the link's own href does the work: it leads to the
 * listing with that state in its URL, which the island reads when it loads.
 */
export function stayInIsland(go: () => void) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    go();
  };
}
