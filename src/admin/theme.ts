/** The admin's look: react-admin's default theme in the group's blue, denser tables for office screens. */
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { TextFieldRoot } from './inputs/text-field-root.tsx';

const textField = defaultTheme.components?.MuiTextField;

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0b3d91' },
    secondary: { main: '#0b3d91' },
    background: { default: '#f4f6fa' },
  },
  shape: { borderRadius: 8 },
  sidebar: { width: 230, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    // Every TextField's root drops the MUI 5 prop react-admin's inputs still pass (text-field-root.tsx).
    MuiTextField: {
      ...textField,
      defaultProps: { ...textField?.defaultProps, slots: { root: TextFieldRoot } },
    },
  },
};
