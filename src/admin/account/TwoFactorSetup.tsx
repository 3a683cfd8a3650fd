/**
 * Setting up two-factor sign-in (better-auth's /api/auth/two-factor/*): confirm the password, scan the
 * QR code (or type the secret) into an authenticator app, confirm with a code from it, then save the
 * recovery codes, shown this once.
 */
import { Alert, Box, Button, Stack, TextField, type TextFieldProps, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { api, json } from '../http.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';

type Step =
  | { at: 'password' }
  | { at: 'scan'; uri: string; codes: string[] }
  | { at: 'codes'; codes: string[] };

/** The secret of an otpauth:// URI, in groups of four for typing. */
const secretOf = (uri: string) =>
  (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

const messageOf = (err: unknown, fallback: string) => {
  const code = (err as { body?: { code?: string } })?.body?.code;
  if (code === 'INVALID_PASSWORD') return 'That password is wrong.';
  if (code === 'INVALID_CODE')
    return 'That code is wrong. Check that the phone’s clock is right and enter the newest code.';
  return err instanceof Error ? err.message : fallback;
};

/** "Your password", asked before a change to two-factor sign-in. */
export const PasswordConfirmField = (props: TextFieldProps) => (
  <TextField
    name="password"
    type="password"
    label="Your password"
    autoComplete="current-password"
    required
    fullWidth
    autoFocus
    {...props}
  />
);

export function TwoFactorSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const [step, setStep] = useState<Step>({ at: 'password' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(messageOf(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  const field = (e: FormEvent<HTMLFormElement>, name: string) => {
    e.preventDefault();
    return String(new FormData(e.currentTarget).get(name) ?? '');
  };

  if (step.at === 'password')
    return (
      <Box
        component="form"
        onSubmit={(e) => {
          const password = field(e, 'password');
          run(async () => {
            const r = await api<{ totpURI: string; backupCodes: string[] }>(
              '/api/auth/two-factor/enable',
              json('POST', { password }),
            );
            setStep({ at: 'scan', uri: r.totpURI, codes: r.backupCodes });
          }, 'Two-factor sign-in could not be started; try again.');
        }}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          You need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password…). First confirm your password.
        </Typography>
        <PasswordConfirmField margin="normal" />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Checking…' : 'Continue'}
        </Button>
      </Box>
    );

  if (step.at === 'scan')
    return (
      <Box
        component="form"
        onSubmit={(e) => {
          const code = field(e, 'code').replace(/\s/g, '');
          run(async () => {
            await api('/api/auth/two-factor/verify-totp', json('POST', { code }));
            setStep({ at: 'codes', codes: step.codes });
          }, 'The code could not be checked; try again.');
        }}
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          Scan this QR code with the authenticator app, or type the key below into it. Then enter the 6-digit
          code the app shows.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            sx={{
              p: 1.5,
              bgcolor: '#fff',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              alignSelf: 'flex-start',
            }}
          >
            <QRCodeSVG
              value={step.uri}
              size={176}
              marginSize={0}
              title="QR code for your authenticator app"
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              Key (if you cannot scan)
            </Typography>
            <Typography
              component="code"
              data-testid="totp-secret"
              sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', display: 'block' }}
            >
              {secretOf(step.uri)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Account: {email} · time-based, 6 digits
            </Typography>
          </Box>
        </Stack>
        <TextField
          name="code"
          label="Code from the app"
          autoComplete="one-time-code"
          required
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 } }}
          sx={{ maxWidth: 240 }}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
            {busy ? 'Checking…' : 'Turn on two-factor sign-in'}
          </Button>
        </Box>
      </Box>
    );

  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        Two-factor sign-in is on. From now on you sign in with your password and a code from the app.
      </Alert>
      <RecoveryCodes codes={step.codes} email={email} />
      <Button variant="contained" onClick={onDone} sx={{ mt: 3 }}>
        I have saved my recovery codes
      </Button>
    </Box>
  );
}
