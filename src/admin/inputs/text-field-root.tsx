/**
 * The root of every MUI TextField in the admin, react-admin's own included (theme.ts sets it as the
 * TextField's `slots.root`): MUI's own root, less the MUI 5 `InputProps` prop. react-admin 5.15.4's
 * ResettableTextField, under every TextInput and SelectInput (and SearchInput, PasswordInput), passes
 * `InputProps` next to `slotProps.input` with the same values; MUI 9 no longer reads it and hands it on to
 * the root <div>, where React warns (docs/decisions/280-own-number-and-date-inputs.md). Dropping it here
 * loses nothing; replacing those inputs would be far more code. Drop this file once react-admin stops.
 */
import FormControl from '@mui/material/FormControl';
import { styled } from '@mui/material/styles';
import type { ComponentProps } from 'react';

/** MUI's TextFieldRoot as MUI 9.5 declares it, so the theme's MuiTextField styles and variants apply. */
const Root = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export function TextFieldRoot({
  InputProps: _dropped,
  ...props
}: ComponentProps<typeof Root> & { InputProps?: unknown }) {
  return <Root {...props} />;
}
