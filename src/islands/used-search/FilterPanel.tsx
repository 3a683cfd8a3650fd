/**
 * The filters: make and model selects, then transmission, vehicle state and fuel as accordions of
 * checkboxes with 'Any' (SPEC §2, §4). Counts come from /api/filters and agree with the listing.
 * Rendered in the sidebar on wide screens and inside the drawer below 900px (ids kept apart by useId).
 */
import { useId } from 'react';
import type { Facet, Filters } from '../../contract/index.ts';
import { formatMileage, formatPrice } from '../../domain/format.ts';
import {
  BUDGET_STEPS,
  MILEAGE_STEPS,
  MULTI_FILTER_NAMES,
  MULTI_FILTERS,
  PRICE_STEPS,
  type SearchState,
  toggleFilter,
  withBound,
  yearSteps,
} from '../../domain/used-search.ts';
import type { Bound, RangeField } from '../../domain/vehicle-query.ts';

interface Props {
  state: SearchState;
  filters: Filters;
  onChange: (change: Partial<SearchState>) => void;
  /** Shown as the name of a make or model that has no stock under the current filters. */
  labelOf: (slug: string) => string;
}

const countOf = (facets: Facet[], value: string) => facets.find((f) => f.value === value)?.count;

interface BoundProps {
  id: string;
  label: string;
  field: RangeField;
  bound: keyof Bound;
  steps: number[];
  format: (n: number) => string;
  any: string;
  state: SearchState;
  onChange: Props['onChange'];
}

/** One end of a range as a select: "Any" or a step (the URL's own value kept when it is not a step). */
function BoundSelect({ id, label, field, bound, steps, format, any, state, onChange }: BoundProps) {
  const value = state.range[field]?.[bound];
  const options =
    value === undefined || steps.includes(value) ? steps : [...steps, value].sort((a, b) => a - b);
  return (
    <div className="us-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) =>
          onChange(withBound(state, field, bound, e.target.value ? Number(e.target.value) : undefined))
        }
      >
        <option value="">{any}</option>
        {options.map((n) => (
          <option key={n} value={n}>
            {format(n)}
          </option>
        ))}
      </select>
    </div>
  );
}

const rand = (n: number) => formatPrice(n);
const perMonth = (n: number) => `${formatPrice(n)} p/m`;
const plain = (n: number) => String(n);

type ListName = (typeof MULTI_FILTER_NAMES)[number] | 'body_type' | 'colour' | 'province' | 'dealers';

interface CheckGroupProps {
  legend: string;
  name: ListName;
  chosen: string[];
  open: boolean;
  /** An 'Any' box first, ticked while nothing is chosen. */
  any?: boolean;
  options: { value: string; label: string; count: number | undefined }[];
  onChange: Props['onChange'];
}

/** A list filter as an accordion of tick boxes, each with its count when known. */
function CheckGroup({ legend, name, chosen, open, any, options, onChange }: CheckGroupProps) {
  const check = (value: string | null, label: string, count?: number) => (
    <label key={value ?? ''} className="us-check">
      <input
        type="checkbox"
        checked={value === null ? chosen.length === 0 : chosen.includes(value)}
        onChange={(e) => onChange({ [name]: toggleFilter(chosen, value, e.target.checked) })}
      />
      {label}
      {count !== undefined && <span className="us-count"> ({count})</span>}
    </label>
  );
  return (
    <details className="us-acc" open={open}>
      <summary>
        {legend}
        {chosen.length > 0 && <span className="us-acc-count"> ({chosen.length} chosen)</span>}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{legend}</legend>
        {any && check(null, 'Any')}
        {options.map((o) => check(o.value, o.label, o.count))}
      </fieldset>
    </details>
  );
}

interface ChecksProps {
  legend: string;
  name: 'body_type' | 'colour' | 'province' | 'dealers';
  facets: { value: string; label?: string; count: number }[];
  state: SearchState;
  onChange: Props['onChange'];
}

/** A list filter whose values come from the facets (only values with stock, plus any already chosen). */
function FacetChecks({ legend, name, facets, state, onChange }: ChecksProps) {
  const chosen = state[name];
  const shown = facets.filter((f) => f.count > 0 || chosen.includes(f.value));
  if (shown.length < 2 && !chosen.length) return null;
  return (
    <CheckGroup
      legend={legend}
      name={name}
      chosen={chosen}
      open={chosen.length > 0}
      options={shown.map((f) => ({ value: f.value, label: f.label ?? f.value, count: f.count }))}
      onChange={onChange}
    />
  );
}

/** The facet lists, in the order shown: legend, search parameter, facet of /api/filters. */
const FACET_LISTS = [
  ['Body type', 'body_type', 'body_type'],
  ['Province', 'province', 'province'],
  ['Dealership', 'dealers', 'dealer'],
  ['Colour', 'colour', 'colour'],
] as const;

export function FilterPanel({ state, filters, onChange, labelOf }: Props) {
  const id = useId();
  const make = filters.makes.find((m) => m.slug === state.make);
  const models = make?.models ?? [];
  const newest = Math.max(filters.ranges.year.max ?? 0, new Date().getFullYear());
  const bound = (
    field: RangeField,
    b: keyof Bound,
    label: string,
    steps: number[],
    format: (n: number) => string,
    any: string,
  ) => (
    <BoundSelect
      id={`${id}-${field}-${b}`}
      label={label}
      field={field}
      bound={b}
      steps={steps}
      format={format}
      any={any}
      state={state}
      onChange={onChange}
    />
  );
  return (
    <div className="us-filters">
      <form
        className="us-field us-q"
        onSubmit={(e) => {
          e.preventDefault();
          const q = new FormData(e.currentTarget).get('q');
          onChange({ q: typeof q === 'string' ? q.trim() : '' });
        }}
      >
        <label htmlFor={`${id}-q`}>Keywords</label>
        <span className="us-q-row">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={state.q}
            key={state.q}
            maxLength={100}
            placeholder="e.g. Forester diesel"
          />
          <button type="submit" className="btn btn--ghost">
            Search
          </button>
        </span>
      </form>
      <fieldset className="us-range">
        <legend>Monthly budget</legend>
        {bound('instalment', 'lte', 'Up to', BUDGET_STEPS, perMonth, 'Any budget')}
      </fieldset>
      <fieldset className="us-range">
        <legend>Price</legend>
        {bound('price', 'gte', 'From', PRICE_STEPS, rand, 'Any')}
        {bound('price', 'lte', 'To', PRICE_STEPS, rand, 'Any')}
      </fieldset>
      <fieldset className="us-range">
        <legend>Year</legend>
        {bound('year', 'gte', 'From', yearSteps(newest), plain, 'Any')}
        {bound('year', 'lte', 'To', yearSteps(newest), plain, 'Any')}
      </fieldset>
      <fieldset className="us-range">
        <legend>Mileage</legend>
        {bound('mileage', 'lte', 'Up to', MILEAGE_STEPS, formatMileage, 'Any mileage')}
      </fieldset>
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
        return (
          <CheckGroup
            key={name}
            legend={label}
            name={name}
            chosen={state[name]}
            open
            any
            options={values.map((value) => ({ value, label: value, count: countOf(filters[name], value) }))}
            onChange={onChange}
          />
        );
      })}
      {FACET_LISTS.map(([legend, name, facet]) => (
        <FacetChecks
          key={name}
          legend={legend}
          name={name}
          facets={filters[facet]}
          state={state}
          onChange={onChange}
        />
      ))}
    </div>
  );
}
