/**
 * POPIA data-subject requests for admins (decisions 121 and 156): one form for an e-mail
 * address or SA ID number; "Export JSON" and "Export CSV" each download everything held about the person in
 * one request; "Erase…" first shows what would be deleted (counts only) and erases on confirmation. Below,
 * the record of honoured requests and retention runs, which never names the person.
 */
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { DataTable, List, SimpleList, useNotify, useRefresh } from 'react-admin';
import type * as v from 'valibot';
import { staffHttp } from '../../client/http.ts';
import type { PrivacyPreview, PrivacyRequestRecord } from '../../contract/lead-inbox.ts';
import { formatDate, formatDateTime } from '../../domain/date-time.ts';
import { api, json, throwProblem } from '../http.ts';
import { useDealerName } from './leads/dealers.tsx';

type Preview = v.InferOutput<typeof PrivacyPreview>;
type RequestRecord = v.InferOutput<typeof PrivacyRequestRecord>;

/** What the admin typed: an ID number is 13 digits (spaces allowed); anything with an @ is an address. */
function subjectOf(text: string): { email: string } | { id_number: string } | null {
  const t = text.trim();
  if (!t) return null;
  if (t.includes('@')) return { email: t };
  const digits = t.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? { id_number: digits } : null;
}

function save(name: string, type: string, body: BlobPart) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const day = (s: string | null) => formatDate(s);

/** The confirmation's sentence: what goes, in words, with counts and never the person's data. */
function describeErasure(p: Preview, dealerName: (slug: string) => string): string {
  if (!p.leads)
    return 'Nothing is held about this person. Erasing records that the request was answered (with 0 leads).';
  const kinds = [
    p.enquiries ? plural(p.enquiries, 'enquiry', 'enquiries') : '',
    p.finance_applications ? plural(p.finance_applications, 'finance application') : '',
  ].filter(Boolean);
  const rows = p.rows;
  const extra = [
    plural(rows.lead_consents ?? 0, 'consent record'),
    plural(rows.lead_notes ?? 0, 'staff note'),
    plural(rows.lead_outbox ?? 0, 'delivery record'),
    plural(rows.audit_log ?? 0, 'audit entry', 'audit entries'),
    ...(rows.lead_photos ? [plural(rows.lead_photos, 'valuation photo')] : []),
  ];
  const range =
    p.first_received_at === p.last_received_at
      ? `received ${day(p.first_received_at)}`
      : `received ${day(p.first_received_at)} to ${day(p.last_received_at)}`;
  return (
    `This deletes ${plural(p.leads, 'lead')} (${kinds.join(' and ')}; forms: ${p.forms.join(', ')}) ` +
    `${range} at ${p.dealerships.map(dealerName).join(', ')}, with ${extra.join(', ')}, ` +
    'and any stored form answer or audit entry that quotes their e-mail address or ID number. ' +
    'It cannot be undone.'
  );
}

function RequestForm() {
  const notify = useNotify();
  const refresh = useRefresh();
  const dealerName = useDealerName();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const subject = subjectOf(text);

  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const exportJson = () =>
    act(async () => {
      const r = await api<{ id: string; leads: number }>(
        '/api/admin/privacy_requests',
        json('POST', { action: 'export', ...subject }),
      );
      save(`subject-export-${r.id}.json`, 'application/json', JSON.stringify(r, null, 2));
      notify(`Exported ${plural(r.leads, 'lead')} as JSON; the request is recorded below`, {
        type: 'success',
      });
      refresh();
    });

  const exportCsv = () =>
    act(async () => {
      const res = await staffHttp.post('/api/admin/privacy_requests', {
        headers: { Accept: 'text/csv, application/problem+json' },
        json: { action: 'export', format: 'csv', ...subject },
      });
      // The same messages as every other call (422 names the field).
      if (!res.ok) await throwProblem(res);
      const name =
        res.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? 'subject-export.csv';
      save(name, 'text/csv', await res.text());
      notify('Exported as CSV; the request is recorded below', { type: 'success' });
      refresh();
    });

  const askErase = () =>
    act(async () => {
      setPreview(await api<Preview>('/api/admin/privacy_requests/preview', json('POST', subject)));
    });

  const erase = () =>
    act(async () => {
      const r = await api<{ leads: number }>(
        '/api/admin/privacy_requests',
        json('POST', { action: 'erasure', ...subject }),
      );
      setPreview(null);
      setText('');
      notify(`Erased ${plural(r.leads, 'lead')} and everything about them`, { type: 'success' });
      refresh();
    });

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Privacy requests
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
          A person may ask for everything we hold about them, or for it to be deleted (POPIA sections 23 and
          24). Find them by the e-mail address or South African ID number they gave on a form; the search also
          covers applications made under another address with the same ID number.
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <TextField
            label="E-mail address or ID number"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(text.trim()) && !subject}
            helperText={
              text.trim() && !subject
                ? 'An e-mail address (with @) or a 13-digit ID number'
                : 'Every export and erasure is recorded below, without the person’s details'
            }
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" disabled={busy || !subject} onClick={exportJson}>
              Export JSON
            </Button>
            <Button variant="outlined" disabled={busy || !subject} onClick={exportCsv}>
              Export CSV
            </Button>
            <Button variant="outlined" color="error" disabled={busy || !subject} onClick={askErase}>
              Erase…
            </Button>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </CardContent>
      <Dialog open={preview !== null} onClose={() => !busy && setPreview(null)} maxWidth="sm">
        <DialogTitle>Erase everything about this person?</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="erasure-summary">
            {preview && describeErasure(preview, dealerName)}
          </DialogContentText>
          {preview && preview.leads > 0 && (
            <DialogContentText sx={{ mt: 1 }}>
              E-mails already sent to the dealership or its CRM are outside this system; the Information
              Officer asks them to delete their copies.
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={erase} disabled={busy}>
            {preview?.leads ? `Erase ${plural(preview.leads, 'lead')}` : 'Record the erasure'}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

const ACTION: Record<RequestRecord['action'], string> = {
  export: 'Export',
  erasure: 'Erasure',
  retention: 'Retention purge',
};
const MATCHED: Record<RequestRecord['matched_by'], string> = {
  email: 'E-mail address',
  id_number: 'ID number',
  age: 'Age',
};

const removedText = (r: RequestRecord) =>
  Object.entries(r.rows_removed)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ') || '—';

const at = (r: RequestRecord) => formatDateTime(r.at);

function PrivacyRequestsPage() {
  // A phone gets one line per request instead of a table wider than the screen.
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <>
      <RequestForm />
      <List
        resource="privacy_requests"
        title=" "
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        actions={false}
        exporter={false}
      >
        {small ? (
          <SimpleList<RequestRecord>
            linkType={false}
            primaryText={(r) => `${ACTION[r.action]} · ${plural(r.leads, 'lead')}`}
            secondaryText={(r) => `${at(r)} · ${MATCHED[r.matched_by]} · ${r.actor}`}
            tertiaryText={(r) => (r.action === 'export' ? '' : removedText(r))}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="at" label="When" render={at} />
            <DataTable.Col source="action" disableSort render={(r: RequestRecord) => ACTION[r.action]} />
            <DataTable.Col
              source="matched_by"
              label="Found by"
              disableSort
              render={(r: RequestRecord) => MATCHED[r.matched_by]}
            />
            <DataTable.Col source="leads" disableSort />
            <DataTable.Col source="rows_removed" label="Rows removed" disableSort render={removedText} />
            <DataTable.Col source="actor" label="By" disableSort />
          </DataTable>
        )}
      </List>
    </>
  );
}

export const privacyRequests = {
  name: 'privacy_requests',
  options: { label: 'Privacy requests' },
  icon: PrivacyTipIcon,
  list: PrivacyRequestsPage,
};
