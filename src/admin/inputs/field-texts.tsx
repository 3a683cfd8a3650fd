/**
 * The label and helper line every react-admin input shows, as the library's own inputs build them: the
 * label with its required marker, and the helper text or the field's error (none when helperText is false
 * and the field is valid). One place for both of our inputs.
 */
import type { ReactNode } from 'react';
import { FieldTitle, InputHelperText } from 'react-admin';

interface FieldTextsOf {
  label?: ReactNode | false;
  helperText?: ReactNode | false;
  source: string;
  resource?: string;
  isRequired: boolean;
  invalid: boolean;
  error?: { message?: string };
}

export function fieldTexts({
  label,
  helperText,
  source,
  resource,
  isRequired,
  invalid,
  error,
}: FieldTextsOf) {
  return {
    helperText:
      helperText !== false || invalid ? (
        <InputHelperText error={error?.message} helperText={helperText === false ? undefined : helperText} />
      ) : null,
    label:
      label !== '' && label !== false ? (
        <FieldTitle
          label={label as string | undefined}
          source={source}
          resource={resource}
          isRequired={isRequired}
        />
      ) : null,
  };
}
