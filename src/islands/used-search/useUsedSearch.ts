/**
 * State of the used-stock search: the URL is the single source of truth (SPEC §4). A change pushes a
 * history entry and loads the listing and its facet counts in parallel (one round trip to results);
 * Back/Forward re-read the URL. Answers to superseded requests are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../client/browser-api.ts';
import type { Filters, VehicleSummary } from '../../contract/index.ts';
import {
  apiQuery,
  changeSearch,
  EMPTY_SEARCH,
  pageCount,
  parseSearch,
  type SearchState,
  searchUrl,
} from '../../domain/used-search.ts';
import { USED_PAGE_SIZE, vehicleQueryString } from '../../domain/vehicle-query.ts';

export interface SearchInit {
  /** '/pre-owned' or '/dealer/{name}/pre-owned'. */
  basePath: string;
  /** API scope: the dealer's slug, or the group slug. */
  scope: string;
  /** `dealer` parameter for facet counts (null on the group site). */
  facetDealer: string | null;
  initial: { state: SearchState; vehicles: VehicleSummary[]; total: number; filters: Filters };
}

export type Status = 'ready' | 'loading' | 'error';

function facetRequest(s: SearchState, dealer: string | null): [string, string] {
  const path = s.make && s.model ? `filters/${s.make}/${s.model}` : s.make ? `filters/${s.make}` : 'filters';
  const { make_slug: _m, model_slug: _n, page: _p, ...rest } = apiQuery(s, false);
  const qs = new URLSearchParams(vehicleQueryString(rest));
  if (dealer) qs.set('dealer', dealer);
  return [path, qs.toString()];
}

export function useUsedSearch({ basePath, scope, facetDealer, initial }: SearchInit) {
  const [state, setState] = useState(initial.state);
  const [vehicles, setVehicles] = useState(initial.vehicles);
  const [total, setTotal] = useState(initial.total);
  const [filters, setFilters] = useState(initial.filters);
  const [status, setStatus] = useState<Status>('ready');
  const seq = useRef(0);

  const load = useCallback(
    async (s: SearchState, quiet = false) => {
      const n = ++seq.current;
      if (!quiet) setStatus('loading');
      const client = browserApi;
      const [facetPath, facetQs] = facetRequest(s, facetDealer);
      // Facets load beside the listing, never before it: the results need only their own round trip.
      client.http
        .get(facetPath, { searchParams: facetQs })
        .json<Filters>()
        .then((f) => n === seq.current && setFilters(f))
        .catch((err: unknown) => console.warn('Could not load filter counts', err));
      try {
        const list = await client.vehicles(scope, apiQuery(s));
        if (n !== seq.current) return;
        const count = list['hydra:totalItems'];
        const pages = pageCount(count, USED_PAGE_SIZE);
        if (list['hydra:member'].length === 0 && count > 0 && s.page > pages) {
          // A shared URL past the last page (stock sold since): show the last page instead.
          const last = { ...s, page: pages };
          window.history.replaceState(null, '', searchUrl(last, basePath));
          setState(last);
          return void load(last);
        }
        setVehicles(list['hydra:member']);
        setTotal(count);
        setStatus('ready');
      } catch (err) {
        if (n !== seq.current) return;
        console.error('Could not load used vehicles', err); // SPEC §8: logged; the island shows a retry
        setStatus('error');
      }
    },
    [basePath, scope, facetDealer],
  );

  useEffect(() => {
    const read = () => parseSearch(window.location.pathname, window.location.search, basePath);
    const asked = read();
    // A quick-search form (home page) sends make and model in the query: show the listing's own address.
    const canonical = searchUrl(asked, basePath);
    if (
      canonical !== `${window.location.pathname}${window.location.search}` &&
      /[?&](make|model)=/.test(window.location.search)
    )
      window.history.replaceState(null, '', canonical);
    setState(asked);
    // The pre-rendered first page is refreshed quietly; any other state shows the skeleton.
    load(asked, searchUrl(asked, basePath) === searchUrl(initial.state, basePath));
    const onPop = () => {
      const s = read();
      setState(s);
      load(s);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [basePath, load, initial.state]);

  const go = useCallback(
    (next: SearchState) => {
      window.history.pushState(null, '', searchUrl(next, basePath));
      setState(next);
      load(next);
    },
    [basePath, load],
  );

  return {
    state,
    vehicles,
    total,
    filters,
    status,
    /** A filter or sort change (page back to 1, new make clears model). */
    change: (c: Partial<SearchState>) => go(changeSearch(state, c)),
    goToPage: (page: number) => go({ ...state, page }),
    reset: () => go({ ...EMPTY_SEARCH }),
    retry: () => load(state),
    urlOf: (s: SearchState) => searchUrl(s, basePath),
  };
}
