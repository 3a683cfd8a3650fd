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

/** The fields' names, and the choice after what was picked in them before hydration, in their order. */
export const VEHICLE_FIELDS: ReadonlySet<string> = new Set(['manufacturer', 'model', 'variant']);
export function withTyped(value: VehicleValue, typed: Record<string, string | boolean>): VehicleValue {
  const text = (name: string) => (typeof typed[name] === 'string' ? (typed[name] as string) : undefined);
  const [make, model, variant] = [text('manufacturer'), text('model'), text('variant')];
  let next = value;
  // As the selects' own changes do: a new make clears the model, a new model clears the variant.
  if (make !== undefined) next = { make, model: '', variant: '' };
  if (model !== undefined) next = { ...next, model, variant: '' };
  if (variant !== undefined) next = { ...next, variant };
  return next;
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
