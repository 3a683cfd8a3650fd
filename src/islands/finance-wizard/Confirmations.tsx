/** Step 4: the 13 confirmations (SPEC §3), each a separate tick, never pre-ticked (DESIGN §5 POPIA). */
import { FINANCE_CONFIRMATIONS } from '../../contract/forms/finance.ts';
import { Checkbox } from '../form-kit/Field.tsx';
import type { FinanceValues } from './StepFields.tsx';

interface Props {
  form: string;
  data: FinanceValues;
  errors: Record<string, string>;
  onChange: (name: string, value: boolean) => void;
}

export function Confirmations({ form, data, errors, onChange }: Props) {
  return (
    <fieldset>
      <legend>Please confirm each of the following</legend>
      <p className="field-hint">
        We need every confirmation before we can send your application to the banks. A credit check is done
        only with your consent, as the National Credit Act requires.
      </p>
      {FINANCE_CONFIRMATIONS.map((c) => (
        <Checkbox
          key={c.name}
          form={form}
          name={c.name}
          label={c.label}
          checked={data[c.name] === true}
          error={errors[c.name]}
          onChange={(e) => onChange(c.name, e.target.checked)}
        />
      ))}
    </fieldset>
  );
}
