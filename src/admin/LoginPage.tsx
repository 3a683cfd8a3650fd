/**
 * Staff sign-in: e-mail and password against better-auth; the server's message on failure (lockout too),
 * and a link to ask for a password reset.
 */
import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { AuthFrame } from './AuthFrame.tsx';

export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await login({ email: String(form.get('email')), password: String(form.get('password')) });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Sign-in failed.';
      setError(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="Staff sign-in" intro="Dealer group back office: content, stock, builds and staff.">
      <Box component="form" onSubmit={submit} noValidate={false}>
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          fullWidth
          margin="normal"
          autoFocus
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
        />
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 3 }} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link href="#/forgot-password" variant="body2">
            Forgot your password?
          </Link>
        </Box>
      </Box>
    </AuthFrame>
  );
}
