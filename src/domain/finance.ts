/**
 * Vehicle finance maths (DESIGN §5), shared by the calculator, the variant summary, the seed and the API.
 * instalment = (P − B·(1+i)^−n)·i / (1 − (1+i)^−n), P = price − deposit, B = balloon% × price,
 * i = annual rate / 12, n = term in months, rounded to cents.
 */
export const FINANCE_DEFAULTS = {
  depositPercent: 0,
  balloonPercent: 40,
  interestRate: 12,
  termMonths: 72,
} as const;

export interface FinanceInput {
  price: number;
  deposit?: number; // rands
  balloonPercent?: number; // of price
  interestRate?: number; // percent per year
  termMonths?: number;
}

export interface FinanceResult {
  instalment: number; // per month, rounded to cents
  principal: number; // price − deposit
  balloon: number; // rands, due with the last instalment
  instalments: number; // number of monthly payments
  totalOfInstalments: number; // instalment × number of instalments
  totalRepayable: number; // instalments + deposit + balloon
  interestRate: number;
}

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

export function monthlyInstalment(input: FinanceInput): number {
  return financeSummary(input).instalment;
}

export function financeSummary(input: FinanceInput): FinanceResult {
  const price = input.price;
  const deposit = input.deposit ?? 0;
  const balloonPercent = input.balloonPercent ?? FINANCE_DEFAULTS.balloonPercent;
  const rate = input.interestRate ?? FINANCE_DEFAULTS.interestRate;
  const n = Math.max(1, Math.round(input.termMonths ?? FINANCE_DEFAULTS.termMonths));
  const principal = price - deposit;
  const balloon = round2((balloonPercent / 100) * price);
  const i = rate / 100 / 12;
  const raw =
    i === 0 ? (principal - balloon) / n : ((principal - balloon * (1 + i) ** -n) * i) / (1 - (1 + i) ** -n);
  const instalment = Number.isFinite(raw) ? Math.max(0, round2(raw)) : 0;
  const totalOfInstalments = round2(instalment * n);
  return {
    instalment,
    principal,
    balloon,
    instalments: n,
    totalOfInstalments,
    totalRepayable: round2(totalOfInstalments + deposit + balloon),
    interestRate: rate,
  };
}

/**
 * The highest price whose instalment at the SPEC §9 defaults fits a monthly budget (the instalment is
 * proportional to the price when there is no deposit), rounded down to `step` rand. For "R 5 000 p/m
 * buys a car of about R 180 000" on the home page's quick search.
 */
export function affordablePrice(budget: number, step = 5_000): number {
  const perRand = monthlyInstalment({ price: 1_000_000 }) / 1_000_000;
  if (!(budget > 0) || !(perRand > 0)) return 0;
  let price = Math.floor(budget / perRand / step) * step;
  // Rounding the instalment to cents could tip the boundary: the answer must stay within budget.
  while (price > 0 && monthlyInstalment({ price }) > budget) price -= step;
  return price;
}
