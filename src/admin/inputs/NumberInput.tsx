/**
 * react-admin's NumberInput (ra-ui-materialui 5.15.4, src/input/NumberInput.tsx) for MUI 9: the same
 * behaviour, but the input's step/min/max/readOnly go only through `slotProps.htmlInput`. The library also
 * hands TextField `inputProps`, which MUI 9 no longer knows and React reports on the DOM element
 * (docs/decisions/280-own-number-and-date-inputs.md). Drop this file once react-admin stops doing so.
 */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ChangeEvent, type FocusEvent, useEffect, useRef, useState } from 'react';
import { type CommonInputProps, sanitizeInputRestProps, useInput } from 'react-admin';
import { fieldTexts } from './field-texts.tsx';

export type NumberInputProps = CommonInputProps &
  Omit<TextFieldProps, 'label' | 'helperText' | 'defaultValue' | 'onChange' | 'onBlur' | 'type'> & {
    step?: string | number;
    min?: string | number;
    max?: string | number;
  };

/** Empty text is no number (null); text that is not a number is 0, as in react-admin. */
const toNumber = (value: string) => {
  if (value == null || value === '') return null;
  const float = Number.parseFloat(value);
  return Number.isNaN(float) ? 0 : float;
};
const toText = (value: unknown) => (value == null || Number.isNaN(value) ? '' : String(value));

export function NumberInput(props: NumberInputProps) {
  const {
    className,
    defaultValue = null,
    format = toText,
    helperText,
    label,
    margin,
    onChange,
    onBlur,
    onFocus,
    parse,
    resource,
    source,
    step = 'any',
    min,
    max,
    validate,
    variant,
    disabled,
    readOnly,
    slotProps,
    ...rest
  } = props;
  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ defaultValue, onBlur, resource, source, validate, disabled, readOnly, ...rest });

  // The input shows the text as typed, not the stored number, so a passing "1.0" on the way to "1.05"
  // stays; the number goes to the form on each change, and the text follows the form while not focused.
  const [text, setText] = useState(format(field.value));
  const hasFocus = useRef(false);
  useEffect(() => {
    if (hasFocus.current) return;
    const next = format(field.value);
    setText((shown: string) => (shown !== next ? next : shown));
  }, [field.value, format]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    const target = event.target;
    if (target?.value === undefined) return;
    setText(target.value);
    const asNumber = target.valueAsNumber;
    const hasNumber = asNumber != null && !Number.isNaN(asNumber);
    field.onChange(
      hasNumber ? (parse ? parse(asNumber) : asNumber) : parse ? parse(target.value) : toNumber(target.value),
    );
  };
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    onFocus?.(event);
    hasFocus.current = true;
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    field.onBlur(event);
    hasFocus.current = false;
    const next = format(field.value);
    setText((shown: string) => (shown !== next ? next : shown));
  };

  const { ref, ...fieldWithoutRef } = field;
  const htmlInput = { step, min, max, readOnly, ...(slotProps?.htmlInput as object | undefined) };
  return (
    <TextField
      id={id}
      {...fieldWithoutRef}
      inputRef={ref}
      value={text}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      type="number"
      size="small"
      variant={variant}
      error={invalid}
      disabled={disabled || readOnly}
      {...fieldTexts({ label, helperText, source, resource, isRequired, invalid, error })}
      margin={margin}
      {...sanitizeInputRestProps(rest)}
      slotProps={{ ...slotProps, htmlInput }}
    />
  );
}
