/**
 * A member whose role must use two-factor sign-in (STAFF_2FA) and has not set it up sees only this, right
 * after signing in, until they have: the server refuses everything else to them anyway.
 */
import { Box, Button } from '@mui/material';
import { useLogout } from 'react-admin';
import { AuthFrame } from '../AuthFrame.tsx';
import type { Account } from '../auth-provider.ts';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';

export function EnrolGate({ account, onDone }: { account: Account; onDone: () => Promise<void> }) {
  const logout = useLogout();
  return (
    <AuthFrame
      title="Set up two-factor sign-in"
      intro={`Your role (${account.role}) signs in with a password and a code from an app on your phone. Set it up now to continue.`}
      wide
    >
      <TwoFactorSetup email={account.email} onDone={onDone} />
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Button color="inherit" size="small" onClick={() => logout()}>
          Sign out
        </Button>
      </Box>
    </AuthFrame>
  );
}
