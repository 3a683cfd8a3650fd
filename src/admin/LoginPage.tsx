/**
 * Staff sign-in: e-mail and password against better-auth; for an account with two-factor sign-in, then
 * the code from the authenticator app (or, once each, a recovery code). The server's message on failure
 * (lockout too) in words a person can act on, and a link to ask for a password reset.
 */
import { Box, Button, Link } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { AuthField, AuthFrame, AuthSubmit } from './AuthFrame.tsx';
import { CodeNeeded, type LoginParams } from './auth-provider.ts';

type Step = 'password' | 'code' | 'recovery';

/** better-auth's codes for the code step, in words a person can act on; `restart` sends them back to the password. */
function codeMessage(err: unknown, step: Step): { message: string; restart?: boolean } {
  const code = (err as { body?: { code?: string } })?.body?.code;
  if (code === 'INVALID_CODE')
    return { message: 'That code is wrong. Enter the newest 6-digit code from your authenticator app.' };
  if (code === 'INVALID_BACKUP_CODE')
    return { message: 'That recovery code is wrong or has already been used. Each one works once.' };
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
    return { message: 'Too many wrong codes for this sign-in. Enter your password again.', restart: true };
  if (code === 'INVALID_TWO_FACTOR_COOKIE')
    return { message: 'This sign-in has timed out. Enter your password again.', restart: true };
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED')
    return { message: 'Too many wrong codes: the account is locked for 15 minutes.', restart: true };
  const fallback = step === 'password' ? 'Sign-in failed.' : 'The code could not be checked; try again.';
  return { message: err instanceof Error ? err.message : fallback };
}

export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [step, setStep] = useState<Step>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const params: LoginParams =
      step === 'password'
        ? { email: value('email'), password: value('password') }
        : step === 'code'
          ? { code: value('code') }
          : { recoveryCode: value('recovery') };
    setBusy(true);
    setError(null);
    try {
      await login(params);
    } catch (err) {
      if (err instanceof CodeNeeded) {
        setStep('code');
        return;
      }
      const { message, restart } = codeMessage(err, step);
      if (restart) setStep('password');
      setError(message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (next: Step) => {
    setError(null);
    setStep(next);
  };

  if (step === 'password')
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

  const recovery = step === 'recovery';
  return (
    <AuthFrame
      title="Two-factor sign-in"
      intro={
        recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this account.'
      }
    >
      <Box component="form" onSubmit={submit} key={step}>
        {recovery ? (
          <AuthField
            label="Recovery code"
            name="recovery"
            autoComplete="off"
            autoFocus
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
        ) : (
          <AuthField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 } }}
          />
        )}
        <AuthSubmit error={error} busy={busy} label="Verify" busyLabel="Checking…" />
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          <Button size="small" onClick={() => switchTo(recovery ? 'code' : 'recovery')}>
            {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </Button>
          <Button size="small" color="inherit" onClick={() => switchTo('password')}>
            Back to sign-in
          </Button>
        </Box>
      </Box>
    </AuthFrame>
  );
}
