/** The dealership selector (SPEC §5: only when no dealer comes from the page), fed by useDealers. */
import type { SelectHTMLAttributes } from 'react';
import { Select } from './Field.tsx';
import type { DealerOptions } from './useDealers.ts';

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'form' | 'name'> {
  form: string;
  name: string;
  dealers: DealerOptions;
  onRetry: () => void;
  error?: string | undefined;
  /** "Dealership" unless the form says otherwise ("Preferred dealership"). */
  label?: string | undefined;
}

export function DealerSelect({ form, name, dealers, onRetry, error, label, ...rest }: Props) {
  const options = dealers.state === 'ready' ? dealers.options : [];
  return (
    <div className="dealer-select">
      <Select
        form={form}
        name={name}
        label={label ?? 'Dealership'}
        error={error}
        options={options}
        placeholder={dealers.state === 'loading' ? 'Loading dealerships…' : 'Choose a dealership'}
        aria-busy={dealers.state === 'loading' || undefined}
        {...rest}
      />
      {dealers.state === 'error' && (
        <p className="form-alert" role="alert">
          We could not load the list of dealerships.{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
