/**
 * Two-factor sign-in on the account page: whether it is on and whether the role requires it; set it up,
 * turn it off (with the password, unless the role requires it), or get new recovery codes.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { Account } from '../auth-provider.ts';
import { api, json } from '../http.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { PasswordConfirmField, TwoFactorSetup } from './TwoFactorSetup.tsx';

type Mode = 'view' | 'setup' | 'off' | 'renew';

export function TwoFactorCard({ account, onChange }: { account: Account; onChange: () => Promise<void> }) {
  const [mode, setMode] = useState<Mode>('view');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { enabled, required } = account.two_factor;

  const withPassword =
    (path: string, after: (r: { backupCodes?: string[] }) => Promise<void>) =>
    async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const password = String(new FormData(e.currentTarget).get('password') ?? '');
      setBusy(true);
      setError(null);
      try {
        await after(await api<{ backupCodes?: string[] }>(path, json('POST', { password })));
      } catch (err) {
        const code = (err as { body?: { code?: string } })?.body?.code;
        setError(
          code === 'INVALID_PASSWORD'
            ? 'That password is wrong.'
            : err instanceof Error
              ? err.message
              : 'That did not work; try again.',
        );
      } finally {
        setBusy(false);
      }
    };
  const passwordForm = (label: string, onSubmit: (e: FormEvent<HTMLFormElement>) => void) => (
    <Box component="form" onSubmit={onSubmit} sx={{ mt: 2 }}>
      <PasswordConfirmField sx={{ maxWidth: 360 }} />
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          color={mode === 'off' ? 'error' : 'primary'}
          disabled={busy}
        >
          {label}
        </Button>
        <Button
          onClick={() => {
            setMode('view');
            setError(null);
          }}
        >
          Cancel
        </Button>
      </Stack>
    </Box>
  );

  return (
    <Card component="section" aria-labelledby="two-factor-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
          <Typography id="two-factor-title" variant="h6" component="h2">
            Two-factor sign-in
          </Typography>
          <Chip size="small" color={enabled ? 'success' : 'default'} label={enabled ? 'On' : 'Off'} />
          {required && <Chip size="small" variant="outlined" label="Required for your role" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {enabled
            ? 'You sign in with your password and a code from your authenticator app.'
            : 'Besides your password, ask for a code from an app on your phone, so a stolen password is not enough.'}
        </Typography>

        {codes && mode === 'view' && (
          <Box sx={{ mt: 2 }}>
            <RecoveryCodes codes={codes} email={account.email} />
            <Button sx={{ mt: 2 }} onClick={() => setCodes(null)}>
              I have saved them
            </Button>
          </Box>
        )}
        {mode === 'setup' && (
          <Box sx={{ mt: 2 }}>
            <TwoFactorSetup
              email={account.email}
              onDone={async () => {
                setMode('view');
                await onChange();
              }}
            />
          </Box>
        )}
        {mode === 'off' &&
          passwordForm(
            'Turn off',
            withPassword('/api/auth/two-factor/disable', async () => {
              setMode('view');
              await onChange();
            }),
          )}
        {mode === 'renew' &&
          passwordForm(
            'Make new codes',
            withPassword('/api/auth/two-factor/generate-backup-codes', async (r) => {
              setCodes(r.backupCodes ?? []);
              setMode('view');
            }),
          )}

        {mode === 'view' && !codes && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            {!enabled && (
              <Button variant="contained" onClick={() => setMode('setup')}>
                Set up two-factor sign-in
              </Button>
            )}
            {enabled && (
              <Button variant="outlined" onClick={() => setMode('renew')}>
                New recovery codes
              </Button>
            )}
            {enabled && !required && (
              <Button color="error" onClick={() => setMode('off')}>
                Turn off
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
