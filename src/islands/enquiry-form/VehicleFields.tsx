/**
 * Make, model and variant of the new-car forms (new enquiry, test drive): models come from the new
 * range; the page's car is preselected; its variants are offered while its model is chosen.
 */
import { Select } from '../form-kit/Field.tsx';
import type { VehicleChoice } from './config.ts';

export interface VehicleValue {
  make: string;
  model: string;
  variant: string;
}

interface Props {
  form: string;
  choice: VehicleChoice;
  value: VehicleValue;
  onChange: (v: VehicleValue) => void;
  errors: Record<string, string | undefined>;
  variantOptional: boolean;
}

const opt = (s: string) => ({ value: s, label: s });

export function VehicleFields({ form, choice, value, onChange, errors, variantOptional }: Props) {
  const makes = [...new Set(choice.models.map((m) => m.make))];
  const models = choice.models.filter((m) => m.make === value.make).map((m) => m.model);
  const showVariants = value.model === choice.model && choice.variants.length > 0;
  return (
    <div className="field-row">
      <Select
        form={form}
        name="manufacturer"
        label="Make"
        autoComplete="off"
        options={makes.map(opt)}
        placeholder="Choose a make"
        value={value.make}
        error={errors.manufacturer}
        onChange={(e) => onChange({ make: e.target.value, model: '', variant: '' })}
      />
      <Select
        form={form}
        name="model"
        label="Model"
        autoComplete="off"
        options={models.map(opt)}
        placeholder="Choose a model"
        value={value.model}
        error={errors.model}
        onChange={(e) => onChange({ ...value, model: e.target.value, variant: '' })}
      />
      {showVariants && (
        <Select
          form={form}
          name="variant"
          label="Variant"
          optional={variantOptional}
          autoComplete="off"
          options={choice.variants.map(opt)}
          placeholder={variantOptional ? 'Not sure yet' : 'Choose a variant'}
          value={value.variant}
          error={errors.variant}
          onChange={(e) => onChange({ ...value, variant: e.target.value })}
        />
      )}
    </div>
  );
}
