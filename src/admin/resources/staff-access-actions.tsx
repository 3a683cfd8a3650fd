/**
 * On a staff member's page: the link to choose a password when it could not be e-mailed (after an
 * invitation, or a reset the admin asks for), and signing them out everywhere.
 */
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import type * as v from 'valibot';
import type { PasswordLinkDelivery } from '../../contract/staff-account.ts';
import { countOf } from '../../domain/format.ts';
import { CopyButton } from '../account/CopyButton.tsx';
import { api } from '../http.ts';

export type LinkDelivery = v.InferOutput<typeof PasswordLinkDelivery>;
type Kind = 'invitation' | 'reset';

/** The invitation the create form just made, held in this tab's memory until its page shows it. */
let justInvited: { id: string; delivery: LinkDelivery } | null = null;
export const rememberInvitation = (id: string, delivery: LinkDelivery | undefined) => {
  justInvited = delivery ? { id, delivery } : null;
};

function PasswordLinkNotice({
  email,
  kind,
  delivery,
}: {
  email: string;
  kind: Kind;
  delivery: LinkDelivery;
}) {
  const what = kind === 'invitation' ? 'invitation' : 'password reset link';
  if (delivery.emailed)
    return (
      <Alert severity="success" role="status">
        The {what} was e-mailed to {email}.
      </Alert>
    );
  if (!delivery.link)
    return (
      <Alert severity="warning" role="status">
        No e-mail was sent: e-mail (SMTP_URL) is not set up on this server, so {email} has not received the{' '}
        {what}. Set up e-mail and send a reset link, or set a password from a terminal (npm run staff --
        set-password).
      </Alert>
    );
  return (
    <Alert severity="info" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        E-mail is not set up on this server, so nothing was sent. Pass this {what} on to {email} yourself (it
        works
        {kind === 'invitation' ? ' for 7 days' : ' for an hour'}, once):
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          aria-label={`The ${what}`}
          sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', flex: 1, minWidth: 0 }}
        >
          {delivery.link}
        </Box>
        <CopyButton text={delivery.link} label="Copy link" sx={{ flexShrink: 0, alignSelf: 'flex-start' }} />
      </Stack>
    </Alert>
  );
}

/** The notice of the invitation just made for this record, if any. */
export function InvitationNotice() {
  const record = useRecordContext();
  if (!record || justInvited?.id !== String(record.id)) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <PasswordLinkNotice email={String(record.email)} kind="invitation" delivery={justInvited.delivery} />
    </Box>
  );
}

export function StaffAccessActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const [reset, setReset] = useState<LinkDelivery | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const base = `/api/admin/staff/${encodeURIComponent(String(record.id))}`;
  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      notify(err instanceof Error ? err.message : 'That did not work; try again', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', px: 2, pt: 2 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<LockResetIcon />}
          disabled={busy || record.disabled}
          onClick={() =>
            act(async () => setReset(await api<LinkDelivery>(`${base}/password-reset`, { method: 'POST' })))
          }
        >
          Send password reset link
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          disabled={busy}
          onClick={() => setConfirm(true)}
        >
          Sign out everywhere
        </Button>
      </Stack>
      {reset && (
        <Box sx={{ px: 2, pt: 2 }}>
          <PasswordLinkNotice email={String(record.email)} kind="reset" delivery={reset} />
        </Box>
      )}
      <Confirm
        isOpen={confirm}
        title={`Sign ${record.name || record.email} out everywhere?`}
        content="Every browser signed in as them is signed out at once; they can sign in again with their password."
        confirm="Sign out everywhere"
        onConfirm={() => {
          setConfirm(false);
          act(async () => {
            const r = await api<{ ended: number }>(`${base}/sessions`, { method: 'DELETE' });
            notify(`${record.email}: ${countOf(r.ended, 'session')} signed out`, {
              type: 'info',
            });
          });
        }}
        onClose={() => setConfirm(false)}
      />
    </>
  );
}
