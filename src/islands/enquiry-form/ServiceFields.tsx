/** What a service booking needs besides the day and time (issue #11): the work, the car and its mileage. */
import { SERVICE_TYPES } from '../../lib/schemas/enquiry.ts';
import { Input, Select } from '../form-kit/Field.tsx';

interface Props {
  form: string;
  errors: Record<string, string | undefined>;
}

export function ServiceFields({ form, errors }: Props) {
  return (
    <>
      <Select
        form={form}
        name="service_type"
        label="Service type"
        options={SERVICE_TYPES.map((s) => ({ value: s, label: s }))}
        placeholder="Choose a service type"
        defaultValue=""
        error={errors.service_type}
      />
      <div className="field-row">
        <Input
          form={form}
          name="registration"
          label="Registration number"
          hint="As on your number plate, e.g. CA 123-456"
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          error={errors.registration}
        />
        <Input
          form={form}
          name="mileage"
          label="Mileage (km)"
          hint="From your odometer, e.g. 85 000"
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
          error={errors.mileage}
        />
      </div>
    </>
  );
}
