/**
 * Make, model and variant of the new-car forms (new enquiry, test drive): models come from the new
 * range; the page's car is preselected; its variants are offered while its model is chosen.
 */
import { choices, type FieldGroupProps, fieldsOf, Select } from '../form-kit/Field.tsx';
import type { VehicleChoice } from './config.ts';

export interface VehicleValue {
  make: string;
  model: string;
  variant: string;
}

interface Props extends FieldGroupProps {
  choice: VehicleChoice;
  value: VehicleValue;
  onChange: (v: VehicleValue) => void;
  variantOptional: boolean;
}

export function VehicleFields({ form, choice, value, onChange, errors, variantOptional }: Props) {
  const makes = [...new Set(choice.models.map((m) => m.make))];
  const models = choice.models.filter((m) => m.make === value.make).map((m) => m.model);
  const showVariants = value.model === choice.model && choice.variants.length > 0;
  const field = fieldsOf(form, errors);
  return (
    <div className="field-row">
      <Select
        {...field('manufacturer')}
        label="Make"
        autoComplete="off"
        options={choices(makes)}
        placeholder="Choose a make"
        value={value.make}
        onChange={(e) => onChange({ make: e.target.value, model: '', variant: '' })}
      />
      <Select
        {...field('model')}
        label="Model"
        autoComplete="off"
        options={choices(models)}
        placeholder="Choose a model"
        value={value.model}
        onChange={(e) => onChange({ ...value, model: e.target.value, variant: '' })}
      />
      {showVariants && (
        <Select
          {...field('variant')}
          label="Variant"
          optional={variantOptional}
          autoComplete="off"
          options={choices(choice.variants)}
          placeholder={variantOptional ? 'Not sure yet' : 'Choose a variant'}
          value={value.variant}
          onChange={(e) => onChange({ ...value, variant: e.target.value })}
        />
      )}
    </div>
  );
}
