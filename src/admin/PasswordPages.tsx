/**
 * Forgotten password and reset (docs/decisions/060-staff-auth.md): ask for a reset e-mail (better-auth's
 * /api/auth/request-password-reset, through the same SMTP as lead e-mails), then choose a new password
 * from the e-mailed link /admin/#/reset-password?token=… (invitations use the same page with &invite=1).
 * The answer to a request is the same whether or not the address has an account.
 */
import { Alert, Box, Link } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthField, AuthFrame, AuthSubmit } from './AuthFrame.tsx';
import { api, json } from './http.ts';

const MIN_PASSWORD = 12;
const SENT =
  'If that address belongs to a staff account, an e-mail with a link to choose a new password is on its way. The link works for an hour.';

const BackToSignIn = () => (
  <Box sx={{ mt: 2, textAlign: 'center' }}>
    <Link href="#/login" variant="body2">
      Back to sign-in
    </Link>
  </Box>
);

export function ForgotPasswordPage() {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/request-password-reset', json('POST', { email }));
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The request failed; try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title="Forgot your password?"
      intro="Enter your staff e-mail address and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert severity="success" role="status">
          {SENT}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit}>
          <AuthField label="E-mail" name="email" type="email" autoComplete="username" autoFocus />
          <AuthSubmit error={error} busy={busy} label="Send reset link" busyLabel="Sending…" />
        </Box>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}

/** better-auth's codes, in words a person can act on. */
function resetMessage(err: unknown): string {
  const code = (err as { body?: { code?: string } })?.body?.code;
  if (code === 'INVALID_TOKEN')
    return 'This link has expired or was already used. Ask for a new one from the sign-in page.';
  return err instanceof Error ? err.message : 'The password could not be set; try again.';
}

export function ResetPasswordPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password.length < MIN_PASSWORD)
      return setError(`The password needs at least ${MIN_PASSWORD} characters.`);
    if (password !== String(form.get('confirm') ?? '')) return setError('The two passwords differ.');
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/reset-password', json('POST', { token, newPassword: password }));
      setDone(true);
    } catch (err) {
      setError(resetMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title={invite ? 'Choose your password' : 'Choose a new password'}
      intro={`At least ${MIN_PASSWORD} characters. A few unrelated words make a good one.`}
    >
      {!token ? (
        <Alert severity="error" role="alert">
          This link is incomplete. Open the link from the e-mail again, or ask for a new one.
        </Alert>
      ) : done ? (
        <Alert severity="success" role="status">
          Your password is set. Sign in with it now.
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit}>
          <AuthField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <AuthField label="Repeat the password" name="confirm" type="password" autoComplete="new-password" />
          <AuthSubmit error={error} busy={busy} label="Set password" busyLabel="Saving…" />
        </Box>
      )}
      <BackToSignIn />
    </AuthFrame>
  );
}
