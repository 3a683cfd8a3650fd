/**
 * One-tap budget and year chips above the results, so a buyer on a phone narrows the stock to a
 * monthly budget and a model year in two taps without opening the filter drawer. Each chip sets (or,
 * pressed again, clears) the same range bound as the full filters, so the URL and counts stay one truth.
 *
 * A chip is a link to the listing with its bound in the URL, shown as a toggle button: a tap before the
 * island's script has arrived still works (the listing reads its URL when it loads), and once hydrated
 * the island applies it in place. Space presses it as it would a button.
 */
import type { KeyboardEvent } from 'react';
import { formatPrice } from '../../domain/format.ts';
import { type SearchState, withBound } from '../../domain/used-search.ts';
import { stayInIsland } from './follow.ts';

const BUDGETS = [3_000, 5_000, 8_000];
const YEARS_BACK = [2, 4, 6];

interface Props {
  state: SearchState;
  onChange: (change: Partial<SearchState>) => void;
  /** The listing URL after a change (the chip's href). */
  hrefOf: (change: Partial<SearchState>) => string;
}

function pressOnSpace(e: KeyboardEvent<HTMLAnchorElement>) {
  if (e.key !== ' ') return;
  e.preventDefault();
  e.currentTarget.click();
}

interface ChipProps {
  label: string;
  pressed: boolean;
  change: Partial<SearchState>;
  onChange: Props['onChange'];
  hrefOf: Props['hrefOf'];
}

function Chip({ label, pressed, change, onChange, hrefOf }: ChipProps) {
  return (
    <li>
      {/* biome-ignore lint/a11y/useSemanticElements: a link, so the chip works before the island's script arrives; a toggle once it has */}
      <a
        href={hrefOf(change)}
        role="button"
        aria-pressed={pressed}
        onClick={stayInIsland(() => onChange(change))}
        onKeyDown={pressOnSpace}
      >
        {label}
      </a>
    </li>
  );
}

export function QuickFilters({ state, onChange, hrefOf }: Props) {
  const thisYear = new Date().getFullYear();
  const budget = state.range.instalment?.lte;
  const from = state.range.year?.gte;
  const chip = { onChange, hrefOf };
  return (
    <ul className="us-quick" aria-label="Quick filters">
      {BUDGETS.map((n) => (
        <Chip
          key={`b${n}`}
          {...chip}
          label={`Up to ${formatPrice(n)} p/m`}
          pressed={budget === n}
          change={withBound(state, 'instalment', 'lte', budget === n ? undefined : n)}
        />
      ))}
      {YEARS_BACK.map((back) => {
        const year = thisYear - back;
        return (
          <Chip
            key={`y${year}`}
            {...chip}
            label={`${year} or newer`}
            pressed={from === year}
            change={withBound(state, 'year', 'gte', from === year ? undefined : year)}
          />
        );
      })}
    </ul>
  );
}
