/**
 * The filters: make and model selects, then transmission, vehicle state and fuel as accordions of
 * checkboxes with 'Any' (SPEC §2, §4). Counts come from /api/filters and agree with the listing.
 * Rendered in the sidebar on wide screens and inside the drawer below 900px (ids kept apart by useId).
 */
import { useId } from 'react';
import type { Facet, Filters } from '../../lib/contract.ts';
import { MULTI_FILTER_NAMES, MULTI_FILTERS, type SearchState, toggleFilter } from '../../lib/used-search.ts';

interface Props {
  state: SearchState;
  filters: Filters;
  onChange: (change: Partial<SearchState>) => void;
  /** Shown as the name of a make or model that has no stock under the current filters. */
  labelOf: (slug: string) => string;
}

const countOf = (facets: Facet[], value: string) => facets.find((f) => f.value === value)?.count;

export function FilterPanel({ state, filters, onChange, labelOf }: Props) {
  const id = useId();
  const make = filters.makes.find((m) => m.slug === state.make);
  const models = make?.models ?? [];
  return (
    <div className="us-filters">
      <div className="us-field">
        <label htmlFor={`${id}-make`}>Make</label>
        <select
          id={`${id}-make`}
          value={state.make ?? ''}
          onChange={(e) => onChange({ make: e.target.value || null })}
        >
          <option value="">Any make</option>
          {state.make && !make && <option value={state.make}>{labelOf(state.make)}</option>}
          {filters.makes.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.name} ({m.count})
            </option>
          ))}
        </select>
      </div>
      <div className="us-field">
        <label htmlFor={`${id}-model`}>Model</label>
        <select
          id={`${id}-model`}
          value={state.model ?? ''}
          disabled={!state.make}
          onChange={(e) => onChange({ model: e.target.value || null })}
        >
          <option value="">{state.make ? 'Any model' : 'Choose a make first'}</option>
          {state.model && !models.some((m) => m.slug === state.model) && (
            <option value={state.model}>{labelOf(state.model)}</option>
          )}
          {models.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.name} ({m.count})
            </option>
          ))}
        </select>
      </div>
      {MULTI_FILTER_NAMES.map((name) => {
        const { label, values } = MULTI_FILTERS[name];
        const chosen = state[name];
        return (
          <details key={name} className="us-acc" open>
            <summary>
              {label}
              {chosen.length > 0 && <span className="us-acc-count"> ({chosen.length} chosen)</span>}
            </summary>
            <fieldset>
              <legend className="visually-hidden">{label}</legend>
              <label className="us-check">
                <input
                  type="checkbox"
                  checked={chosen.length === 0}
                  onChange={(e) => onChange({ [name]: toggleFilter(chosen, null, e.target.checked) })}
                />
                Any
              </label>
              {values.map((value) => {
                const count = countOf(filters[name], value);
                return (
                  <label key={value} className="us-check">
                    <input
                      type="checkbox"
                      checked={chosen.includes(value)}
                      onChange={(e) => onChange({ [name]: toggleFilter(chosen, value, e.target.checked) })}
                    />
                    {value}
                    {count !== undefined && <span className="us-count"> ({count})</span>}
                  </label>
                );
              })}
            </fieldset>
          </details>
        );
      })}
    </div>
  );
}
