/**
 * Finance calculator (SPEC §2, §4, §9): editable price, deposit, balloon %, interest and term, with a
 * reset to the defaults (deposit 0, balloon 40%, 12%, 72 months). Inputs are free text; anything that is
 * not a number gets a gentle hint instead of a result. Same maths as the server (src/domain/finance.ts).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FINANCE_DEFAULTS, financeSummary } from '../../domain/finance.ts';
import { typedBeforeHydration } from '../form-kit/typed-before-hydration.ts';
import { FinanceTerms } from './FinanceTerms.tsx';
import { parseNumber } from './parse-number.ts';

type Field = 'price' | 'deposit' | 'balloon' | 'interest' | 'term';

const FIELDS: { name: Field; label: string; unit: string; example: string }[] = [
  { name: 'price', label: 'Vehicle price', unit: 'R', example: '489900' },
  { name: 'deposit', label: 'Deposit', unit: 'R', example: '50000' },
  { name: 'balloon', label: 'Balloon', unit: '% of price', example: '40' },
  { name: 'interest', label: 'Interest rate', unit: '% per year', example: '12' },
  { name: 'term', label: 'Term', unit: 'months', example: '72' },
];

function defaults(price: number): Record<Field, string> {
  return {
    price: String(price),
    deposit: String(FINANCE_DEFAULTS.depositPercent),
    balloon: String(FINANCE_DEFAULTS.balloonPercent),
    interest: String(FINANCE_DEFAULTS.interestRate),
    term: String(FINANCE_DEFAULTS.termMonths),
  };
}

function hintFor(
  name: Field,
  n: number | null,
  example: string,
  values: Record<Field, number | null>,
): string | null {
  if (n === null) return `Please enter a number, for example ${example}.`;
  if (n < 0) return 'Please enter a number of zero or more.';
  if (name === 'term' && (n < 1 || !Number.isInteger(n)))
    return 'Please enter a whole number of months, for example 72.';
  if (name === 'balloon' && n >= 100) return 'The balloon is a share of the price: enter less than 100.';
  if (name === 'deposit' && values.price !== null && n >= values.price)
    return 'The deposit should be less than the price.';
  return null;
}

const FIELD_NAMES: ReadonlySet<string> = new Set(FIELDS.map((f) => f.name));

export function Calculator({ price }: { price: number }) {
  const [text, setText] = useState(() => defaults(price));
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // What was typed before the island hydrated is the visitor's, not the defaults'.
  useEffect(() => {
    const typed = typedBeforeHydration(form.current, FIELD_NAMES) as Partial<Record<Field, string>>;
    if (Object.keys(typed).length) setText((t) => ({ ...t, ...typed }));
  }, []);
  const values = Object.fromEntries(FIELDS.map((f) => [f.name, parseNumber(text[f.name])])) as Record<
    Field,
    number | null
  >;
  const hints = Object.fromEntries(
    FIELDS.map((f) => [f.name, hintFor(f.name, values[f.name], f.example, values)]),
  ) as Record<Field, string | null>;
  const ok = FIELDS.every((f) => !hints[f.name]);
  const result = ok
    ? financeSummary({
        price: values.price ?? 0,
        deposit: values.deposit ?? 0,
        balloonPercent: values.balloon ?? 0,
        interestRate: values.interest ?? 0,
        termMonths: values.term ?? 1,
      })
    : null;

  return (
    <form ref={form} className="uv-calc" aria-labelledby={`${id}-title`} onSubmit={(e) => e.preventDefault()}>
      <h2 id={`${id}-title`}>Finance calculator</h2>
      <div className="uv-calc-grid">
        <div className="uv-calc-inputs">
          {FIELDS.map((f) => (
            <div key={f.name} className="uv-input">
              <label htmlFor={`${id}-${f.name}`}>
                {f.label} <span className="uv-unit">({f.unit})</span>
              </label>
              <input
                id={`${id}-${f.name}`}
                name={f.name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={text[f.name]}
                aria-invalid={hints[f.name] ? true : undefined}
                aria-describedby={hints[f.name] ? `${id}-${f.name}-hint` : undefined}
                onChange={(e) => setText({ ...text, [f.name]: e.target.value })}
              />
              {hints[f.name] && (
                <p id={`${id}-${f.name}-hint`} className="uv-hint">
                  {hints[f.name]}
                </p>
              )}
            </div>
          ))}
          <button type="button" className="btn btn--ghost" onClick={() => setText(defaults(price))}>
            Reset calculator
          </button>
        </div>
        <div className="uv-calc-result" aria-live="polite">
          <h3 className="uv-calc-result-title">Your estimate</h3>
          {result ? (
            <FinanceTerms
              f={result}
              deposit={values.deposit ?? 0}
              balloonPercent={values.balloon ?? 0}
              label="Your estimate"
            />
          ) : (
            <p className="uv-calc-wait">Correct the highlighted field to see your instalment.</p>
          )}
        </div>
      </div>
    </form>
  );
}
