/**
 * Lead delivery you can believe. GET /api/admin/leads/delivery says per channel whether
 * the server can send at all (SMTP_URL, CRM_WEBHOOK_URL), and the leads screens say so plainly instead
 * of "pending, 0 attempts" for ever; the admin's home shows the health of delivery: the oldest lead
 * still waiting, dead letters and the last success, for the user's own dealership(s).
 */
import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, usePermissions } from 'react-admin';
import type { ChannelHealth, DeliveryHealth } from '../../contract/lead-inbox.ts';
import { formatDateTime } from '../../domain/date-time.ts';
import { can, type Permissions } from '../auth-provider.ts';
import { api } from '../http.ts';

function useDeliveryHealth(enabled = true) {
  const { data } = useQuery({
    queryKey: ['lead-delivery-health'],
    queryFn: () => api<DeliveryHealth>('/api/admin/leads/delivery'),
    refetchInterval: 60_000,
    enabled,
  });
  return data?.channels;
}

/** Whether a channel is known to be not set up (unknown while the answer is on its way: false). */
export function useUnconfigured(): { email: boolean; webhook: boolean } {
  const channels = useDeliveryHealth();
  const off = (c: 'email' | 'webhook') => channels?.find((x) => x.channel === c)?.configured === false;
  return { email: off('email'), webhook: off('webhook') };
}

const NOT_SET_UP = {
  email: 'E-mail is not set up: these leads have not been sent.',
  webhook: 'The CRM webhook is not set up: leads are not sent to a CRM.',
};

/**
 * The plain warning above the leads list and on a lead: what is not being sent, and why. A note, not an
 * alert: it is the page's standing state, and toasts keep the alert role to themselves.
 */
export function DeliveryNotice() {
  const off = useUnconfigured();
  if (!off.email && !off.webhook) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1 }}>
      {off.email && (
        <Alert severity="warning" role="note" data-testid="email-not-set-up">
          <strong>{NOT_SET_UP.email}</strong> The server has no outgoing mail server (SMTP_URL), so no lead
          e-mail reaches a dealership. They wait and go out once it is set up.
        </Alert>
      )}
      {off.webhook && (
        <Alert severity="info" role="note">
          {NOT_SET_UP.webhook} (CRM_WEBHOOK_URL is not configured.)
        </Alert>
      )}
    </Stack>
  );
}

const NAME = { email: 'E-mail', webhook: 'CRM webhook' };
const at = (iso: string | null) => (iso ? formatDateTime(iso) : null);

function ChannelCard({ c }: { c: ChannelHealth }) {
  const ok = c.configured && c.dead === 0;
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid={`health-${c.channel}`}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {NAME[c.channel]}
        </Typography>
        {!c.configured ? (
          <Alert severity={c.channel === 'email' ? 'warning' : 'info'} role="note" sx={{ mb: 1 }}>
            {NOT_SET_UP[c.channel]} ({c.setting} is not configured.)
          </Alert>
        ) : (
          <Alert severity={ok ? 'success' : 'error'} role="note" sx={{ mb: 1 }}>
            {ok ? 'Set up and sending.' : 'Set up, but some leads could not be delivered.'}
          </Alert>
        )}
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1 } }}>
          <dt>Oldest undelivered lead</dt>
          <dd>
            {c.oldest_undelivered_at
              ? `${at(c.oldest_undelivered_at)} (${c.undelivered} waiting)`
              : 'None waiting'}
          </dd>
          <dt>Dead letters</dt>
          <dd>{c.dead === 0 ? 'None' : `${c.dead} not delivered after every retry`}</dd>
          <dt>Last delivered</dt>
          <dd>{at(c.last_delivered_at) ?? 'Never'}</dd>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The admin's home page. */
export function Dashboard() {
  const { permissions } = usePermissions<Permissions | null>();
  const leads = can(permissions, 'leads:read');
  const channels = useDeliveryHealth(leads);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Home" />
      {leads ? (
        <Card component="section" aria-labelledby="delivery-health">
          <CardContent>
            <Typography variant="h5" component="h2" id="delivery-health" gutterBottom>
              Lead delivery
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              How the leads of your dealership(s) are reaching the dealerships.{' '}
              <Link href="#/leads">Open the leads</Link>
            </Typography>
            {channels ? (
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                {channels.map((c) => (
                  <ChannelCard key={c.channel} c={c} />
                ))}
              </Stack>
            ) : (
              <Typography>Loading…</Typography>
            )}
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent>
            <Typography variant="h5" component="h2" gutterBottom>
              Welcome
            </Typography>
            <Typography>Choose what to work on from the menu.</Typography>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
