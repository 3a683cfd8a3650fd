/** A lead's deliveries per channel, the retry of a dead letter, and a plain notice when a channel is not set up. */
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useUnconfigured } from '../delivery-health.tsx';
import type { Delivery, Lead } from './lead-types.ts';
import { when } from './parts.tsx';
import { useLeadAction } from './work.tsx';

const channelName = (d: Delivery) => (d.channel === 'email' ? 'E-mail' : 'Webhook');
/** A delivery waiting on a channel the server cannot send on (no SMTP_URL / CRM_WEBHOOK_URL). */
export function notSetUp(d: Delivery, off: { email: boolean; webhook: boolean }) {
  return off[d.channel] && (d.status === 'pending' || d.status === 'sending');
}
const stateOf = (d: Delivery, off: { email: boolean; webhook: boolean }) =>
  notSetUp(d, off)
    ? `not sent: ${d.channel === 'email' ? 'e-mail' : 'the CRM webhook'} is not set up`
    : `${d.status}${d.delivered_at ? ` ${when(d.delivered_at)}` : ''}${
        d.status === 'pending' && d.next_attempt_at ? ` (next ${when(d.next_attempt_at)})` : ''
      }`;

export function Deliveries({ lead }: { lead: Lead }) {
  const { busy, run, url } = useLeadAction(lead.id);
  // A phone reads one block a channel: a five-column table squeezed the error to a letter a line.
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const off = useUnconfigured();
  const attempts = (d: Delivery) =>
    notSetUp(d, off) ? '' : `, ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (!lead.delivery.length) return <Typography color="text.secondary">No channel configured.</Typography>;
  const retry = (d: Delivery) =>
    d.can_retry && (
      <Button
        size="small"
        disabled={busy}
        onClick={() =>
          run(`${url}/deliveries/${d.channel}/retry`, { method: 'POST' }, 'Delivery queued again')
        }
      >
        Retry now
      </Button>
    );
  if (small)
    return (
      <Stack spacing={1.5}>
        {lead.delivery.map((d) => (
          <Box key={d.channel} data-testid={`delivery-${d.channel}`}>
            <Typography>
              <strong>{channelName(d)}</strong>: {stateOf(d, off)}
              {attempts(d)}
            </Typography>
            {d.last_error && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Last error: {d.last_error}
              </Typography>
            )}
            {retry(d)}
          </Box>
        ))}
      </Stack>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Channel</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Attempts</TableCell>
            <TableCell>Last error</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {lead.delivery.map((d) => (
            <TableRow key={d.channel}>
              <TableCell>{channelName(d)}</TableCell>
              <TableCell>{stateOf(d, off)}</TableCell>
              <TableCell>{d.attempts}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{d.last_error ?? '—'}</TableCell>
              <TableCell>{retry(d)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
