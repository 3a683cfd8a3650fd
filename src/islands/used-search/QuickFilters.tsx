/**
 * One-tap budget and year chips above the results, so a buyer on a phone narrows the stock to a
 * monthly budget and a model year in two taps without opening the filter drawer. Each chip sets (or,
 * pressed again, clears) the same range bound as the full filters, so the URL and counts stay one truth.
 */
import { formatPrice } from '../../domain/format.ts';
import { type SearchState, withBound } from '../../domain/used-search.ts';

const BUDGETS = [3_000, 5_000, 8_000];
const YEARS_BACK = [2, 4, 6];

interface Props {
  state: SearchState;
  onChange: (change: Partial<SearchState>) => void;
}

export function QuickFilters({ state, onChange }: Props) {
  const thisYear = new Date().getFullYear();
  const budget = state.range.instalment?.lte;
  const from = state.range.year?.gte;
  return (
    <ul className="us-quick" aria-label="Quick filters">
      {BUDGETS.map((n) => (
        <li key={`b${n}`}>
          <button
            type="button"
            aria-pressed={budget === n}
            onClick={() => onChange(withBound(state, 'instalment', 'lte', budget === n ? undefined : n))}
          >
            Up to {formatPrice(n)} p/m
          </button>
        </li>
      ))}
      {YEARS_BACK.map((back) => {
        const year = thisYear - back;
        return (
          <li key={`y${year}`}>
            <button
              type="button"
              aria-pressed={from === year}
              onClick={() => onChange(withBound(state, 'year', 'gte', from === year ? undefined : year))}
            >
              {year} or newer
            </button>
          </li>
        );
      })}
    </ul>
  );
}
