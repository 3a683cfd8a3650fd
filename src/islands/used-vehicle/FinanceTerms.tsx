/** The disclosures shown with every instalment for a car (DESIGN §5, National Credit Act). */
import type { FinanceResult } from '../../domain/finance.ts';
import { formatMoney } from '../../domain/format.ts';

interface Props {
  f: FinanceResult;
  deposit: number;
  balloonPercent: number;
  label: string;
}

export function FinanceTerms({ f, deposit, balloonPercent, label }: Props) {
  const rows: [string, string][] = [
    ['Monthly instalment', formatMoney(f.instalment)],
    ['Number of instalments', String(f.instalments)],
    ['Total of instalments', formatMoney(f.totalOfInstalments)],
    ['Interest rate', `${f.interestRate}% per year`],
    [`Balloon (${balloonPercent}%)`, formatMoney(f.balloon)],
    ['Deposit', formatMoney(deposit)],
    ['Total repayable', formatMoney(f.totalRepayable)],
  ];
  return (
    <dl className="uv-terms" aria-label={label}>
      {rows.map(([dt, dd]) => (
        <div key={dt}>
          <dt>{dt}</dt>
          <dd>{dd}</dd>
        </div>
      ))}
    </dl>
  );
}
