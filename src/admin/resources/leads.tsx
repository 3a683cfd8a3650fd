/**
 * The leads inbox: the list with filters, search and CSV export of what is filtered; one lead
 * with the person, message, vehicle, deliveries (retry of dead letters), notes and time to first response;
 * status moves offered only where the workflow allows (src/domain/lead-workflow.ts), and a note. Every change
 * goes through /api/admin/leads (the server checks the move and the dealership again; its message is shown).
 */
import InboxIcon from '@mui/icons-material/Inbox';
import {
  Badge,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  TopToolbar,
  useListContext,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { formatDateTime } from '../../domain/date-time.ts';
import { LEAD_FORMS } from '../../domain/lead-presets.ts';
import { LEAD_STAGES, type LeadStage, NEXT_STAGES } from '../../domain/lead-workflow.ts';
import { API_RESOURCES } from '../api-paths.ts';
import { can, type Permissions } from '../auth-provider.ts';
import { filterQuery } from '../data-provider.ts';
import { api, json } from '../http.ts';
import { DeliveryNotice, useUnconfigured } from './delivery-health.tsx';

interface Delivery {
  channel: 'email' | 'webhook';
  status: 'pending' | 'sending' | 'delivered' | 'dead';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  can_retry: boolean;
}

interface Lead {
  id: string;
  kind: 'enquiry' | 'finance';
  form_name: string;
  dealer_slug: string;
  status: LeadStage;
  name: string;
  email: string;
  phone: string;
  subject: string | null;
  vehicle: { id: number; title: string; url: string } | null;
  assignee: { id: string; name: string } | null;
  created_at: string;
  first_response_at: string | null;
  response_minutes: number | null;
  delivery: Delivery[];
  record?: Record<string, unknown>;
  sensitive?: string[] | null;
  notes?: { id: string; body: string; author: string | null; created_at: string }[];
}

const STATUS_COLOR: Record<LeadStage, 'info' | 'warning' | 'primary' | 'success' | 'default'> = {
  New: 'info',
  Contacted: 'warning',
  Appointment: 'primary',
  Sold: 'success',
  Lost: 'default',
};

export const StatusChip = ({ status }: { status: LeadStage }) => (
  <Chip size="small" label={status} color={STATUS_COLOR[status]} />
);

/** The one staff format, DD.MM.YYYY HH:mm in Johannesburg (domain/date-time.ts), in the list and the detail. */
const when = (s: string | null | undefined) => (s ? formatDateTime(s) : '—');
const shortWhen = (s: string) => formatDateTime(s);
const minutes = (m: number | null) =>
  m === null ? 'Not yet answered' : m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;

/** The new-lead count on the menu item, asked every minute. */
export function NewLeadsIcon() {
  const { data } = useQuery({
    queryKey: ['admin-leads-count'],
    queryFn: async () => (await api<{ new: number }>('/api/admin/leads/count')).new,
    refetchInterval: 60_000,
  });
  return (
    <Badge color="error" badgeContent={data ?? 0} max={99} title={data ? `${data} new leads` : undefined}>
      <InboxIcon />
    </Badge>
  );
}

/**
 * The dealerships whose leads the signed-in user may see (a dealer user: their own), as choices
 * (id: slug, name: the dealership's name) for the Dealership filter and to name a lead's dealership.
 */
export function useDealerChoices() {
  const { data } = useQuery({
    queryKey: ['lead-dealerships'],
    queryFn: async () =>
      (await api<{ 'hydra:member': { slug: string; name: string }[] }>('/api/admin/leads/dealerships'))[
        'hydra:member'
      ],
    staleTime: 3_600_000,
  });
  return (data ?? []).map((d) => ({ id: d.slug, name: d.name }));
}

/** A dealership's name from its slug (the slug until the names have loaded). */
export function useDealerName() {
  const dealers = useDealerChoices();
  return (slug: string) => dealers.find((d) => d.id === slug)?.name ?? slug;
}

const formChoices = LEAD_FORMS.map((id) => ({ id, name: id }));
const statusChoices = LEAD_STAGES.map((id) => ({ id, name: id }));
// `me` and `none` are the server's own values (GET /api/admin/leads?assignee_id=…).
const assigneeChoices = [
  { id: 'me', name: 'Me' },
  { id: 'none', name: 'Nobody' },
];

/** The filtered list as CSV, from the server (the same filters, every page). */
function ExportCsv() {
  const { filterValues } = useListContext();
  const q = filterQuery(API_RESOURCES.leads as (typeof API_RESOURCES)[string], filterValues);
  return (
    <Button size="small" href={`/api/admin/leads/export.csv?${q}`} download>
      Export CSV
    </Button>
  );
}

/** One line a channel; a dead letter in the error colour, so it stands out in a long list. */
function DeliverySummary({ delivery }: { delivery: Delivery[] }) {
  const off = useUnconfigured();
  return (
    <>
      {delivery.map((d) => (
        <Box
          key={d.channel}
          component="span"
          sx={{
            display: 'block',
            whiteSpace: 'nowrap',
            color: d.status === 'dead' ? 'error.main' : undefined,
          }}
        >
          {d.channel === 'email' ? 'E-mail' : 'Webhook'}:{' '}
          {notSetUp(d, off) ? 'not sent (not set up)' : d.status}
        </Box>
      ))}
    </>
  );
}

function LeadList() {
  const dealers = useDealerChoices();
  const dealerName = useDealerName();
  // A phone gets one line per lead instead of a table wider than the screen; beside the menu on a laptop
  // (below 1200 px) the subject waits for the detail, so the table fits without scrolling sideways.
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('lg'));
  const off = useUnconfigured();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, e-mail or phone" />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput
      key="assignee_id"
      source="assignee_id"
      label="Assigned to"
      choices={assigneeChoices}
      alwaysOn
    />,
    <SelectInput key="form_name" source="form_name" label="Form" choices={formChoices} />,
    <SelectInput key="dealer" source="dealer" label="Dealership" choices={dealers} />,
    <DateInput key="after" source="after" label="Received from" />,
    <DateInput key="before" source="before" label="Received until" />,
  ];
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <DeliveryNotice />
      </Box>
      <List
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={
          <TopToolbar>
            <FilterButton />
            <ExportCsv />
          </TopToolbar>
        }
        exporter={false}
        // A table wider than the space beside the menu scrolls in its card, not the whole page: with
        // width 0 / min-width 100% its width no longer pushes the layout wider than the window.
        // Narrower cell padding below 1200 px lets the whole row, delivery included, fit at 1024 px.
        sx={{
          '& .RaList-content': { width: 0, minWidth: '100%', overflowX: 'auto' },
          '& .MuiTableCell-root': { px: { sm: 1, lg: 2 } },
        }}
      >
        {small ? (
          <SimpleList<Lead>
            linkType="show"
            primaryText={(r) => r.name}
            secondaryText={(r) =>
              [
                r.form_name,
                dealerName(r.dealer_slug),
                when(r.created_at),
                r.assignee && `→ ${r.assignee.name}`,
                r.delivery.some((d) => d.status === 'dead') && 'not delivered',
                r.delivery.some((d) => notSetUp(d, off)) && 'not sent: e-mail is not set up',
              ]
                .filter(Boolean)
                .join(' · ')
            }
            tertiaryText={(r) => <StatusChip status={r.status} />}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick="show">
            <DataTable.Col
              source="created_at"
              label="Received"
              render={(r: Lead) => <Box sx={{ whiteSpace: 'nowrap' }}>{shortWhen(r.created_at)}</Box>}
            />
            <DataTable.Col source="status" render={(r: Lead) => <StatusChip status={r.status} />} />
            <DataTable.Col source="name" disableSort />
            <DataTable.Col source="form_name" label="Form" />
            {wide && <DataTable.Col source="subject" disableSort />}
            {/* A user of one dealership knows whose leads these are. */}
            {dealers.length !== 1 && (
              <DataTable.Col
                source="dealer_slug"
                label="Dealership"
                render={(r: Lead) => dealerName(r.dealer_slug)}
              />
            )}
            <DataTable.Col
              source="assignee"
              label="Assigned to"
              disableSort
              render={(r: Lead) => r.assignee?.name ?? '—'}
            />
            <DataTable.Col
              source="response_minutes"
              label="First response"
              disableSort
              render={(r: Lead) => (r.response_minutes === null ? '—' : minutes(r.response_minutes))}
            />
            <DataTable.Col
              source="delivery"
              label="Delivery"
              disableSort
              render={(r: Lead) => (r.delivery.length ? <DeliverySummary delivery={r.delivery} /> : '—')}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Sends one change and shows the server's own message when it refuses. */
function useLeadAction(id: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(path: string, init: RequestInit, done: string) {
      setBusy(true);
      try {
        const out = await api(path, init);
        notify(done, { type: 'success' });
        refresh();
        queries.invalidateQueries({ queryKey: ['admin-leads-count'] });
        return out;
      } catch (err) {
        notify((err as Error).message, { type: 'error' });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    url: `/api/admin/leads/${encodeURIComponent(id)}`,
  };
}

/** The staff the server would accept as this lead's assignee (its dealership's, not disabled). */
function useAssignees(lead: Lead) {
  const { data } = useQuery({
    queryKey: ['lead-assignees', lead.id],
    queryFn: async () =>
      (
        await api<{ 'hydra:member': { id: string; name: string; role: string }[] }>(
          `/api/admin/leads/${encodeURIComponent(lead.id)}/assignees`,
        )
      )['hydra:member'],
  });
  return data;
}

function AssigneePicker({ lead }: { lead: Lead }) {
  const staff = useAssignees(lead);
  const dealerName = useDealerName();
  const { busy, run, url } = useLeadAction(lead.id);
  const current = lead.assignee?.id ?? '';
  // Someone assigned before they left the dealership still shows, so the picker never lies.
  const options = [...(staff ?? [])];
  if (lead.assignee && !options.some((s) => s.id === lead.assignee?.id))
    options.push({ id: lead.assignee.id, name: lead.assignee.name, role: '' });
  return (
    <TextField
      select
      label="Assigned to"
      value={staff ? current : ''}
      disabled={busy || !staff}
      onChange={(e) => {
        const id = e.target.value || null;
        const name = options.find((s) => s.id === id)?.name;
        run(url, json('PATCH', { assignee_id: id }), id ? `Assigned to ${name}` : 'Unassigned');
      }}
      helperText={
        staff && staff.length === 0
          ? `Nobody is linked to ${dealerName(lead.dealer_slug)} yet (an admin links staff under Staff).`
          : `Staff of ${dealerName(lead.dealer_slug)}`
      }
      sx={{ maxWidth: 360 }}
    >
      <MenuItem value="">Nobody</MenuItem>
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function WorkLead({ lead }: { lead: Lead }) {
  const [note, setNote] = useState('');
  const { busy, run, url } = useLeadAction(lead.id);
  const send = async (body: Record<string, unknown>, done: string) => {
    const text = note.trim();
    const out = await run(url, json('PATCH', text ? { ...body, note: text } : body), done);
    if (out) setNote('');
  };
  const next = NEXT_STAGES[lead.status];
  return (
    <Section title="Work this lead">
      <Stack spacing={2}>
        <AssigneePicker lead={lead} />
        <TextField
          label="Note"
          multiline
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          helperText="Added with a status move, or on its own"
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {next.map((s) => (
            <Button
              key={s}
              variant="contained"
              disabled={busy}
              color={s === 'Lost' ? 'inherit' : 'primary'}
              onClick={() => send({ status: s }, `Moved to ${s}`)}
            >
              Move to {s}
            </Button>
          ))}
          <Button variant="outlined" disabled={busy || !note.trim()} onClick={() => send({}, 'Note added')}>
            Add note
          </Button>
        </Stack>
        {next.length === 0 && <Typography color="text.secondary">{lead.status} is final.</Typography>}
      </Stack>
    </Section>
  );
}

const channelName = (d: Delivery) => (d.channel === 'email' ? 'E-mail' : 'Webhook');
/** A delivery waiting on a channel the server cannot send on (no SMTP_URL / CRM_WEBHOOK_URL). */
function notSetUp(d: Delivery, off: { email: boolean; webhook: boolean }) {
  return off[d.channel] && (d.status === 'pending' || d.status === 'sending');
}
const stateOf = (d: Delivery, off: { email: boolean; webhook: boolean }) =>
  notSetUp(d, off)
    ? `not sent: ${d.channel === 'email' ? 'e-mail' : 'the CRM webhook'} is not set up`
    : `${d.status}${d.delivered_at ? ` ${when(d.delivered_at)}` : ''}${
        d.status === 'pending' && d.next_attempt_at ? ` (next ${when(d.next_attempt_at)})` : ''
      }`;

function Deliveries({ lead }: { lead: Lead }) {
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

/** Admin and finance: decrypt this one application's fields (the server records each reveal). */
function Reveal({ lead }: { lead: Lead }) {
  const { permissions } = usePermissions<Permissions | null>();
  const { busy, run, url } = useLeadAction(lead.id);
  const [fields, setFields] = useState<Record<string, unknown> | null>(null);
  if (!lead.sensitive?.length || !can(permissions, 'leads:reveal')) return null;
  return (
    <Section title="Finance details">
      {fields ? (
        <Table size="small">
          <TableBody>
            {Object.entries(fields).map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th">{k}</TableCell>
                <TableCell>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            Encrypted: {lead.sensitive.join(', ')}. Each reveal is recorded in the audit log.
          </Typography>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={async () => {
              const out = await run(
                `${url}/reveal`,
                { method: 'POST' },
                'Revealed (recorded in the audit log)',
              );
              if (out) setFields((out as { fields: Record<string, unknown> }).fields);
            }}
          >
            Reveal finance details
          </Button>
        </Stack>
      )}
    </Section>
  );
}

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
export const labelOf = (key: string) => {
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

function LeadDetail() {
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

export const leads = {
  name: 'leads',
  options: { label: 'Leads' },
  icon: NewLeadsIcon,
  recordRepresentation: 'name',
  list: LeadList,
  show: () => (
    <Show actions={false} sx={{ '& .RaShow-card': { background: 'transparent', boxShadow: 'none' } }}>
      <LeadDetail />
    </Show>
  ),
};
