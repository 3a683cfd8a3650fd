/**
 * CSV stock import: choose a file, see the dry run (added, changed, marked sold, rejected
 * with line, column and reason), and apply it only after confirming. The server re-checks on apply.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import type { StockImport } from '../../contract/stock-import.ts';
import { IMPORT_COLUMNS } from '../../contract/stock-import.ts';
import { api } from '../http.ts';
import { RecentImports } from '../revisions/RecentImports.tsx';

export function StockImportPage() {
  const notify = useNotify();
  const [plan, setPlan] = useState<StockImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<StockImport>) => {
    setBusy(true);
    setError(null);
    try {
      setPlan(await fn());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const dryRun = (file: File) =>
    run(async () =>
      api<StockImport>('/api/editor/stock_imports', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: await file.text(),
      }),
    );
  const apply = () =>
    plan &&
    run(async () => {
      const done = await api<StockImport>(`/api/editor/stock_imports/${plan.id}/apply`, { method: 'POST' });
      notify('Stock updated; the change goes live with the next published build', { type: 'success' });
      return done;
    });

  return (
    <Card sx={{ mt: 2, minWidth: 0, maxWidth: '100vw', overflow: 'hidden' }}>
      <Title title="Stock import" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          Import stock from a CSV file
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Columns: {IMPORT_COLUMNS.join(', ')}. Cars are matched by stock number; nothing changes until you
          confirm.
        </Typography>
        <Button variant="contained" component="label" disabled={busy}>
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) dryRun(f);
              e.target.value = '';
            }}
          />
        </Button>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {plan && <Plan plan={plan} busy={busy} onApply={apply} onCancel={() => setPlan(null)} />}
        <RecentImports key={plan?.state === 'applied' ? plan.id : 'imports'} />
      </CardContent>
    </Card>
  );
}

function Plan({
  plan,
  busy,
  onApply,
  onCancel,
}: {
  plan: StockImport;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}) {
  const applied = plan.state === 'applied';
  return (
    <Box sx={{ mt: 3 }} data-testid="import-plan">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {applied ? 'Applied' : 'Dry run'}: {plan.rows} rows
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Chip color="success" label={`${plan.added.length} added`} />
        <Chip color="info" label={`${plan.changed.length} changed`} />
        <Chip label={`${plan.unchanged} unchanged`} />
        <Chip color="warning" label={`${plan.removed.length} marked sold`} />
        <Chip color="error" label={`${plan.rejected.length} rejected`} />
      </Stack>
      {plan.rejected.length > 0 && (
        <Table size="small" aria-label="Rejected rows" sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>Column</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.rejected.map((r) => (
              <TableRow key={`${r.row}-${r.column}`}>
                <TableCell>{r.row}</TableCell>
                <TableCell>{r.column || '—'}</TableCell>
                <TableCell>{r.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {plan.changed.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Changed: {plan.changed.map((c) => `${c.stock_number} (${c.fields.join(', ')})`).join('; ')}
        </Typography>
      )}
      {plan.removed.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Not in the file, to be marked sold: {plan.removed.map((r) => r.stock_number).join(', ')}
        </Typography>
      )}
      {!applied && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" color="primary" disabled={busy} onClick={onApply}>
            Apply {plan.added.length + plan.changed.length + plan.removed.length} changes
          </Button>
          <Button disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      )}
    </Box>
  );
}
