/** One lead: the person, message, vehicle and photos, deliveries, its work, and time to first response. */
import { Box, Link, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DeliveryNotice } from '../delivery-health.tsx';
import { useDealerName } from './dealers.tsx';
import { Deliveries } from './deliveries.tsx';
import type { Lead } from './lead-types.ts';
import { minutes, Section, StatusChip, when } from './parts.tsx';
import { Reveal } from './reveal.tsx';
import { WorkLead } from './work.tsx';

/**
 * Fields of the stored record that the customer did not send, or that the detail shows elsewhere: the
 * record keeps SPEC §4's shape (status 'Queued', source codes, ids), which is delivery bookkeeping, not
 * what the person wrote, and the lead's own stage is the workflow status above.
 */
const NOT_FROM_THE_CUSTOMER = new Set([
  'id',
  'status',
  'source',
  'source_code',
  'sourceCode',
  'lead_type',
  'form_name',
  'dealer_slug',
  'dealership',
  'created_at',
  'is_used',
  'vehicle_id',
  'manufacturer',
  'contact',
  'terms',
  'consent',
  'first_name',
  'last_name',
  'firstName',
  'surname',
  'name',
  'email',
  'cell_phone',
  'phone',
  'message',
  'photos',
  'uri',
]);

/** "preferred_date" and "monthlyIncome" read as "Preferred date" and "Monthly income". */
const labelOf = (key: string) => {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const photoPaths = (record: Record<string, unknown>) =>
  Array.isArray(record.photos)
    ? record.photos
        .map((u) =>
          typeof u === 'string' ? (u.match(/\/api\/lead_photos\/[0-9a-f-]{36}$/)?.[0] ?? null) : null,
        )
        .filter((u): u is string => !!u)
    : [];

export function LeadDetail() {
  const lead = useRecordContext<Lead>();
  const dealerName = useDealerName();
  if (!lead) return null;
  const record = lead.record ?? {};
  const message = typeof record.message === 'string' ? record.message : null;
  const rest = Object.entries(record).filter(
    ([k, v]) => !NOT_FROM_THE_CUSTOMER.has(k) && v !== null && v !== '' && typeof v !== 'object',
  );
  const photos = photoPaths(record);
  const page = typeof record.uri === 'string' && record.uri.startsWith('/') ? record.uri : null;
  return (
    // minWidth 0: a wide table inside scrolls in its own box instead of widening the page.
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {lead.name}
        </Typography>
        <StatusChip status={lead.status} />
        <Typography color="text.secondary">
          {lead.form_name} · {dealerName(lead.dealer_slug)} · {when(lead.created_at)}
        </Typography>
      </Stack>
      <Section title="Person">
        <Typography>
          <Link href={`mailto:${lead.email}`}>{lead.email}</Link>
        </Typography>
        <Typography>
          <Link href={`tel:${lead.phone.replace(/\s/g, '')}`}>{lead.phone}</Link>
        </Typography>
        {message && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }} data-testid="lead-message">
            {message}
          </Typography>
        )}
        {lead.vehicle ? (
          <Typography sx={{ mt: 1 }}>
            Vehicle:{' '}
            <Link href={lead.vehicle.url} target="_blank" rel="noopener">
              {lead.vehicle.title}
            </Link>
          </Typography>
        ) : (
          lead.subject && <Typography sx={{ mt: 1 }}>About: {lead.subject}</Typography>
        )}
        <Typography sx={{ mt: 1 }}>
          Time to first response: <strong>{minutes(lead.response_minutes)}</strong>
        </Typography>
        {lead.assignee && <Typography>Assigned to {lead.assignee.name}</Typography>}
      </Section>
      <WorkLead lead={lead} />
      <Section title="Notes">
        {lead.notes?.length ? (
          <Stack spacing={1}>
            {lead.notes.map((n) => (
              <Box key={n.id}>
                <Typography variant="caption" color="text.secondary">
                  {n.author ?? 'Unknown'} · {when(n.created_at)}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.body}</Typography>
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">No notes yet.</Typography>
        )}
      </Section>
      <Section title="Delivery">
        <DeliveryNotice />
        <Deliveries lead={lead} />
      </Section>
      <Reveal lead={lead} />
      {(rest.length > 0 || photos.length > 0 || page) && (
        <Section title="As received">
          {rest.length > 0 && (
            <Table size="small">
              <TableBody>
                {rest.map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell component="th">{labelOf(k)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      {typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {photos.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
              {photos.map((src, i) => (
                <Link key={src} href={src} target="_blank" rel="noopener">
                  <Box
                    component="img"
                    src={src}
                    alt={`Photo ${i + 1} sent with the valuation`}
                    sx={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                  />
                </Link>
              ))}
            </Stack>
          )}
          {page && (
            <Typography sx={{ mt: 1 }} color="text.secondary">
              Sent from{' '}
              <Link href={page} target="_blank" rel="noopener">
                {page}
              </Link>
            </Typography>
          )}
        </Section>
      )}
    </Stack>
  );
}
