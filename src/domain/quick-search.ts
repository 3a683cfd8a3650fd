/**
 * The home page's quick search: make, model and a monthly budget, sent as a plain GET form
 * to the listing, whose island reads `make` and `model` from the query as well as from the path
 * (src/domain/used-search.ts) and the budget under its API name, `instalment[lte]`.
 */
import { affordablePrice } from './finance.ts';
import { formatPrice } from './format.ts';
import { BUDGET_STEPS } from './used-search.ts';

export interface BudgetChoice {
  value: number;
  label: string;
}

/**
 * The budget steps worth offering for the stock's instalment range: none below the cheapest car's
 * instalment (they would find nothing) and none past the first that covers the dearest. Each names the
 * price it buys at the SPEC §9 defaults (src/domain/finance.ts), so "R 5 000 a month" means something.
 */
export function budgetChoices(range: { min: number | null; max: number | null }): BudgetChoice[] {
  const { min, max } = range;
  if (min === null || max === null) return [];
  const steps = BUDGET_STEPS.filter((s) => s >= min);
  const last = steps.findIndex((s) => s >= max);
  return (last === -1 ? steps : steps.slice(0, last + 1)).map((value) => ({
    value,
    label: `Up to ${formatPrice(value)} p/m (cars to about ${formatPrice(affordablePrice(value))})`,
  }));
}
