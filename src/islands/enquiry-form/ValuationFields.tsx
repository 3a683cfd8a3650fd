/** The car offered for a trade-in valuation: any make, with its year, mileage and condition. */
import { CAR_CONDITIONS } from '../../contract/forms/enquiry-fields.ts';
import { choices, type FieldGroupProps, fieldsOf, Input, Select } from '../form-kit/Field.tsx';
import { MileageInput } from './MileageInput.tsx';

export function ValuationFields({ form, errors }: FieldGroupProps) {
  const field = fieldsOf(form, errors);
  return (
    <>
      <div className="field-row">
        <Input
          {...field('manufacturer')}
          label="Make"
          hint="e.g. Subaru, Toyota"
          maxLength={60}
          autoComplete="off"
        />
        <Input
          {...field('model')}
          label="Model"
          hint="e.g. Forester 2.5i"
          maxLength={60}
          autoComplete="off"
        />
      </div>
      <div className="field-row">
        <Input {...field('year')} label="Year" inputMode="numeric" maxLength={4} autoComplete="off" />
        <MileageInput {...field('mileage')} hint="e.g. 85 000" />
      </div>
      <Select
        {...field('condition')}
        label="Condition"
        options={choices(CAR_CONDITIONS)}
        placeholder="Choose the condition"
        defaultValue=""
      />
    </>
  );
}
