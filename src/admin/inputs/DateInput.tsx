/**
 * react-admin's DateInput (ra-ui-materialui 5.15.4, src/input/DateInput.tsx) for MUI 9: the same
 * behaviour, but the label is kept up through `slotProps.inputLabel` and readOnly goes through
 * `slotProps.htmlInput`. The library also hands TextField `InputLabelProps`, which MUI 9 no longer knows
 * and React reports on the DOM element (docs/decisions/280-own-number-and-date-inputs.md). Drop this file
 * once react-admin stops doing so.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import { type ChangeEvent, type FocusEvent, useEffect, useRef, useState } from 'react';
import { type CommonInputProps, sanitizeInputRestProps, useEvent, useInput } from 'react-admin';
import { toDateText } from './date-text.ts';
import { fieldTexts } from './field-texts.tsx';

export type DateInputProps = CommonInputProps & Omit<TextFieldProps, 'helperText' | 'label'>;

/** A date the browser's date input accepts, or an empty one (to clear the field). */
const isDate = (input: HTMLInputElement) =>
  input.value === '' || (input.valueAsDate != null && !Number.isNaN(new Date(input.valueAsDate).getTime()));

export function DateInput(props: DateInputProps) {
  const {
    className,
    defaultValue,
    format = toDateText,
    label,
    source,
    resource,
    helperText,
    margin,
    onBlur,
    onChange,
    onFocus,
    validate,
    variant,
    disabled,
    readOnly,
    slotProps,
    ...rest
  } = props;
  // onBlur goes to useInput only (field.onBlur calls it), so a caller's onBlur cannot replace handleBlur
  // on the TextField, as it could in the library.
  const { field, fieldState, id, isRequired } = useInput({
    defaultValue,
    onBlur,
    resource,
    source,
    validate,
    disabled,
    readOnly,
    format,
    ...rest,
  });
  // Not a controlled input, so a half-typed date survives a visit to another field: the form's value is
  // the input's default value, and a change from outside the input (reset, a loaded record) remounts it.
  const localInputRef = useRef<HTMLInputElement>(null);
  const initialValue = useRef(field.value);
  const [inputKey, setInputKey] = useState(1);
  const changedByInput = useRef(false);
  useEffect(() => {
    if (changedByInput.current) {
      changedByInput.current = false;
      return;
    }
    const shown = localInputRef.current?.value;
    if (shown !== field.value && !(shown === '' && field.value == null)) {
      initialValue.current = field.value;
      setInputKey((key) => key + 1);
    }
  }, [field.value]);

  // A complete date goes to the form as it is picked; clearing it is taken on blur (browsers report a
  // half-typed date as empty too).
  const handleChange = useEvent((event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    const target = event.target;
    if (target?.value === undefined) return;
    if (target.value !== '' && isDate(target)) {
      field.onChange(target.value);
      changedByInput.current = true;
    }
  });
  const handleFocus = useEvent((event: FocusEvent<HTMLInputElement>) => onFocus?.(event));
  const handleBlur = useEvent(() => {
    const input = localInputRef.current;
    if (!input) return;
    if (isDate(input) && field.value !== input.value) field.onChange(input.value ?? '');
    field.onBlur();
  });

  const { error, invalid } = fieldState;
  const inputRef = useForkRef(field.ref, localInputRef);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={inputRef}
      defaultValue={format(initialValue.current)}
      key={inputKey}
      type="date"
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      size="small"
      variant={variant}
      margin={margin}
      error={invalid}
      disabled={disabled || readOnly}
      {...fieldTexts({ label, helperText, source, resource, isRequired, invalid, error })}
      {...sanitizeInputRestProps(rest)}
      slotProps={{
        ...slotProps,
        htmlInput: { readOnly, ...(slotProps?.htmlInput as object | undefined) },
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
      }}
    />
  );
}
