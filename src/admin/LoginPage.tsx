/**
 * Staff sign-in: e-mail and password against better-auth; the server's message on failure (lockout too),
 * and a link to ask for a password reset.
 */
import { Box, Link } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { AuthField, AuthFrame, AuthSubmit } from './AuthFrame.tsx';

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
        <AuthField label="E-mail" name="email" type="email" autoComplete="username" autoFocus />
        <AuthField label="Password" name="password" type="password" autoComplete="current-password" />
        <AuthSubmit error={error} busy={busy} label="Sign in" busyLabel="Signing in…" />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link href="#/forgot-password" variant="body2">
            Forgot your password?
          </Link>
        </Box>
      </Box>
    </AuthFrame>
  );
}
