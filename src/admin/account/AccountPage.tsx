/** Your account (every role): who you are, two-factor sign-in, where you are signed in, your password. */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { ROLE_LABELS } from '../../domain/staff-access.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { useAccount } from './use-account.ts';

export function AccountPage() {
  const { account, reload } = useAccount();
  if (!account) return null;
  const role = account.role
    ? ((ROLE_LABELS as Record<string, string>)[account.role] ?? account.role)
    : 'no role';
  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 900 }}>
      <Title title="Your account" />
      <Card component="section">
        <CardContent>
          <Typography variant="h5" component="h1">
            {account.name || account.email}
          </Typography>
          <Typography color="text.secondary">
            {account.email} · {role}
          </Typography>
        </CardContent>
      </Card>
      <TwoFactorCard account={account} onChange={reload} />
      <SessionsCard />
      <PasswordCard />
    </Stack>
  );
}
