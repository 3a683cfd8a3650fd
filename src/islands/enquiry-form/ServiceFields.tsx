/** What a service booking needs besides the day and time: the work, the car and its mileage. */
import { SERVICE_TYPES } from '../../contract/forms/enquiry-fields.ts';
import { choices, type FieldGroupProps, fieldsOf, Input, Select } from '../form-kit/Field.tsx';
import { MileageInput } from './MileageInput.tsx';

export function ServiceFields({ form, errors }: FieldGroupProps) {
  const field = fieldsOf(form, errors);
  return (
    <>
      <Select
        {...field('service_type')}
        label="Service type"
        options={choices(SERVICE_TYPES)}
        placeholder="Choose a service type"
        defaultValue=""
      />
      <div className="field-row">
        <Input
          {...field('registration')}
          label="Registration number"
          hint="As on your number plate, e.g. CA 123-456"
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
        />
        <MileageInput {...field('mileage')} hint="From your odometer, e.g. 85 000" />
      </div>
    </>
  );
}
