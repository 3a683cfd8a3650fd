/** The car offered for a trade-in valuation (issue #11): any make, with its year, mileage and condition. */
import { CAR_CONDITIONS } from '../../lib/schemas/enquiry.ts';
import { Input, Select } from '../form-kit/Field.tsx';

interface Props {
  form: string;
  errors: Record<string, string | undefined>;
}

export function ValuationFields({ form, errors }: Props) {
  return (
    <>
      <div className="field-row">
        <Input
          form={form}
          name="manufacturer"
          label="Make"
          hint="e.g. Subaru, Toyota"
          maxLength={60}
          autoComplete="off"
          error={errors.manufacturer}
        />
        <Input
          form={form}
          name="model"
          label="Model"
          hint="e.g. Forester 2.5i"
          maxLength={60}
          autoComplete="off"
          error={errors.model}
        />
      </div>
      <div className="field-row">
        <Input
          form={form}
          name="year"
          label="Year"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          error={errors.year}
        />
        <Input
          form={form}
          name="mileage"
          label="Mileage (km)"
          hint="e.g. 85 000"
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
          error={errors.mileage}
        />
      </div>
      <Select
        form={form}
        name="condition"
        label="Condition"
        options={CAR_CONDITIONS.map((c) => ({ value: c, label: c }))}
        placeholder="Choose the condition"
        defaultValue=""
        error={errors.condition}
      />
    </>
  );
}
