/** A car's mileage in km, as the service booking and the trade-in valuation ask for it. */
import { Input } from '../form-kit/Field.tsx';

interface Props {
  form: string;
  name: string;
  error: string | undefined;
  hint: string;
}

export function MileageInput(props: Props) {
  return <Input {...props} label="Mileage (km)" inputMode="numeric" maxLength={12} autoComplete="off" />;
}
