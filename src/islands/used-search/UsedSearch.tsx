/**
 * The used-stock search island (SPEC §2, §4): heading, count, filters (sidebar, or a drawer below
 * 900px), sort, results grid, pagination, skeleton, error with retry, empty state with reset.
 * Server-rendered at build time with the page's first results, then refreshed from the API.
 */
import { useEffect, useRef, useState } from 'react';
import { segmentLabel } from '../../domain/breadcrumbs.ts';
import {
  changeSearch,
  chosenCount,
  EMPTY_SEARCH,
  listingHeading,
  pageCount,
  SORT_OPTIONS,
  type SortValue,
} from '../../domain/used-search.ts';
import { USED_PAGE_SIZE } from '../../domain/vehicle-query.ts';
import { SavedLink } from '../saved/SavedLink.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { stayInIsland } from './follow.ts';
import { Pagination } from './Pagination.tsx';
import { QuickFilters } from './QuickFilters.tsx';
import { SkeletonCard, UsedCard } from './UsedCard.tsx';
import { type SearchInit, useUsedSearch } from './useUsedSearch.ts';
import './used-search.css';

interface Props extends SearchInit {
  /** Dealer site name for vehicle links under /dealer/{name}, or null. */
  site: string | null;
}

export default function UsedSearch({ site, ...init }: Props) {
  const s = useUsedSearch(init);
  const { state, filters, status } = s;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const make = filters.makes.find((m) => m.slug === state.make);
  const model = make?.models.find((m) => m.slug === state.model);
  const makeName = state.make ? (make?.name ?? segmentLabel(state.make)) : null;
  const modelName = state.make && state.model ? (model?.name ?? segmentLabel(state.model)) : null;
  const pages = pageCount(s.total, USED_PAGE_SIZE);
  const chosen = chosenCount(state);

  useEffect(() => {
    const d = drawer.current;
    if (drawerOpen && d && !d.open) d.showModal();
  }, [drawerOpen]);

  useEffect(() => {
    document.title = document.title.replace(/^Used .*? For Sale/, listingHeading(makeName, modelName));
  }, [makeName, modelName]);

  const toPage = (page: number) => {
    s.goToPage(page);
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  };
  const reset = stayInIsland(s.reset);
  const resetHref = s.urlOf(EMPTY_SEARCH);
  const resetLink = (
    <a className="us-reset" href={resetHref} onClick={reset}>
      Reset Filters
    </a>
  );
  const panel = <FilterPanel state={state} filters={filters} onChange={s.change} labelOf={segmentLabel} />;
  const countText =
    status === 'loading' ? 'Loading used cars…' : `Found ${s.total} Used ${s.total === 1 ? 'Car' : 'Cars'}`;

  return (
    <div className="us">
      <header className="us-header">
        <h1 ref={heading} tabIndex={-1}>
          {listingHeading(makeName, modelName)}
        </h1>
        <p className="us-count" role="status">
          {status === 'error' ? '' : countText}
        </p>
        <p className="us-saved">
          <SavedLink site={site} />
        </p>
      </header>
      <div className="us-layout">
        <aside className="us-aside" aria-label="Filters">
          <div className="us-aside-head">
            <h2 className="us-side-title">Filters</h2>
            {resetLink}
          </div>
          {panel}
        </aside>
        <div className="us-results">
          <div className="us-toolbar">
            <button
              type="button"
              className="btn btn--ghost us-open-filters"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              Filters{chosen > 0 ? ` (${chosen})` : ''}
            </button>
            <div className="us-sort">
              <label htmlFor="us-sort">Sort by</label>
              <select
                id="us-sort"
                value={state.sort}
                onChange={(e) => s.change({ sort: e.target.value as SortValue })}
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <span className="us-toolbar-reset">{resetLink}</span>
          </div>
          <QuickFilters state={state} onChange={s.change} hrefOf={(c) => s.urlOf(changeSearch(state, c))} />

          {status === 'error' ? (
            <div className="us-message" role="alert">
              <h2>We could not load the cars</h2>
              <p>Please check your connection and try again.</p>
              <button type="button" className="btn" onClick={s.retry}>
                Try again
              </button>
            </div>
          ) : status === 'ready' && s.vehicles.length === 0 ? (
            <div className="us-message">
              <h2>No cars match your search</h2>
              <p>Try fewer filters, or see every used car we have.</p>
              <a className="btn" href={resetHref} onClick={reset}>
                Reset Filters
              </a>
            </div>
          ) : (
            <div className="us-grid" aria-busy={status === 'loading'}>
              {status === 'loading'
                ? // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  Array.from({ length: USED_PAGE_SIZE }, (_, i) => <SkeletonCard key={i} />)
                : s.vehicles.map((car, i) => (
                    <UsedCard key={car.id} car={car} site={site} eager={i < 3} priority={i === 0} />
                  ))}
            </div>
          )}

          {status !== 'error' && (
            <Pagination
              page={state.page}
              pages={pages}
              hrefOf={(page) => s.urlOf({ ...state, page })}
              onPage={toPage}
            />
          )}
          <p className="us-disclaimer">
            Instalments are estimates at 0% deposit, a 40% balloon of the price, 12% interest a year and 72
            months. They exclude fees, insurance and bank initiation fees and are not binding.
          </p>
        </div>
      </div>

      {drawerOpen && (
        <dialog
          ref={drawer}
          className="us-drawer"
          aria-labelledby="us-drawer-title"
          onClose={() => setDrawerOpen(false)}
        >
          <div className="us-drawer-head">
            <h2 id="us-drawer-title">Filters</h2>
            <button type="button" className="us-close" onClick={() => drawer.current?.close()}>
              Close<span className="visually-hidden"> filters</span>
            </button>
          </div>
          {panel}
          <div className="us-drawer-foot">
            {resetLink}
            <button type="button" className="btn" onClick={() => drawer.current?.close()}>
              {status === 'loading' ? 'Show cars' : `Show ${s.total} ${s.total === 1 ? 'car' : 'cars'}`}
            </button>
          </div>
        </dialog>
      )}
    </div>
  );
}
