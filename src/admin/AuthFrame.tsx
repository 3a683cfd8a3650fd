/** The centred card the sign-in, forgotten-password and reset screens share, and their fields and button. */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';

/** A required, full-width field of these forms (the browser checks it is filled before sending). */
export const AuthField = (props: TextFieldProps) => (
  <TextField required fullWidth margin="normal" {...props} />
);

/** The form's error, if any, above its one button (disabled and relabelled while the request runs). */
export function AuthSubmit({
  error,
  busy,
  label,
  busyLabel,
}: {
  error: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 3 }} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

export function AuthFrame({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  /** Room for a QR code beside its key (two-factor enrolment). */
  wide?: boolean;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: wide ? 560 : 400 }} elevation={3}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {intro}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
