/** Change your password: the current one and the new one (twice); every other session of yours ends. */
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify } from 'react-admin';
import { api, json } from '../http.ts';

const MIN = 12;

export function PasswordCard() {
  const notify = useNotify();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const current = String(form.get('current_password') ?? '');
    const next = String(form.get('new_password') ?? '');
    if (next.length < MIN) return setErrors({ new_password: `At least ${MIN} characters` });
    if (next !== String(form.get('repeat') ?? ''))
      return setErrors({ repeat: 'The two new passwords differ' });
    setBusy(true);
    setErrors({});
    try {
      const r = await api<{ ended: number }>(
        '/api/admin/account/password',
        json('POST', { current_password: current, new_password: next }),
      );
      formEl.reset();
      notify(
        r.ended
          ? `Password changed; ${r.ended} other session${r.ended === 1 ? '' : 's'} signed out`
          : 'Password changed',
        { type: 'success' },
      );
      await client.invalidateQueries({ queryKey: ['account', 'sessions'] });
    } catch (err) {
      const fields = (err as { body?: { errors?: Record<string, string> } })?.body?.errors;
      setErrors(
        fields && Object.keys(fields).length
          ? fields
          : { form: err instanceof Error ? err.message : 'Not changed; try again.' },
      );
    } finally {
      setBusy(false);
    }
  };
  const field = (name: string, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      fullWidth
      margin="dense"
      error={!!errors[name]}
      helperText={errors[name] ?? ' '}
    />
  );

  return (
    <Card component="section" aria-labelledby="password-title">
      <CardContent>
        <Typography id="password-title" variant="h6" component="h2">
          Change your password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          At least {MIN} characters. Every other browser signed in as you is signed out.
        </Typography>
        <Box component="form" onSubmit={submit} sx={{ maxWidth: 420 }}>
          {field('current_password', 'Current password', 'current-password')}
          {field('new_password', 'New password', 'new-password')}
          {field('repeat', 'Repeat the new password', 'new-password')}
          {errors.form && (
            <Alert severity="error" role="alert">
              {errors.form}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
