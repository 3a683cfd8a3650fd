/**
 * CSV stock import: say what the file is (an update, the default, or the full
 * stock list), choose it, see the dry run (added, changed, marked sold, rejected rows with each fault),
 * and apply it. A plan that marks more than 20 % of a dealership's cars sold is applied only after the
 * user types that number. The server re-checks both on apply; an applied import can be undone below.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import type { ImportMode, StockImport } from '../../contract/stock-import.ts';
import { IMPORT_COLUMNS } from '../../contract/stock-import.ts';
import { countOf } from '../../domain/format.ts';
import { api } from '../http.ts';
import { RecentImports } from '../revisions/RecentImports.tsx';

export function StockImportPage() {
  const notify = useNotify();
  const [plan, setPlan] = useState<StockImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<ImportMode>('update');
  const [file, setFile] = useState<File | null>(null);

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
  const dryRun = (f: File, as: ImportMode) =>
    run(async () =>
      api<StockImport>(`/api/editor/stock_imports?mode=${as}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: await f.text(),
      }),
    );
  const apply = (confirmSold: number | null) =>
    plan &&
    run(async () => {
      const confirm = confirmSold === null ? '' : `?confirm_sold=${confirmSold}`;
      const done = await api<StockImport>(`/api/editor/stock_imports/${plan.id}/apply${confirm}`, {
        method: 'POST',
      });
      notify('Stock updated; the change goes live with the next published build', { type: 'success' });
      return done;
    });
  const choose = (next: ImportMode) => {
    setMode(next);
    // The same file again, as the other kind: its plan differs (cars marked sold or not).
    if (file && plan?.state !== 'applied') dryRun(file, next);
  };

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
        <FormControl component="fieldset" sx={{ mb: 2, display: 'block' }} disabled={busy}>
          <FormLabel component="legend">What is in the file?</FormLabel>
          <RadioGroup value={mode} onChange={(e) => choose(e.target.value as ImportMode)}>
            <FormControlLabel
              sx={{ mb: 1 }}
              value="update"
              control={<Radio />}
              label="An update: only the cars in the file change; every other car is left as it is"
            />
            <FormControlLabel
              value="full"
              control={<Radio />}
              label="The full stock list: cars of its dealerships that are not in the file are marked sold"
            />
          </RadioGroup>
        </FormControl>
        <Button variant="contained" component="label" disabled={busy}>
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) {
                setFile(f);
                dryRun(f, mode);
              }
              e.target.value = '';
            }}
          />
        </Button>
        {file && (
          <Typography variant="body2" component="span" sx={{ ml: 2 }}>
            {file.name}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {plan && (
          <Plan
            key={plan.id}
            plan={plan}
            busy={busy}
            onApply={apply}
            onCancel={() => {
              setPlan(null);
              setFile(null);
            }}
          />
        )}
        <RecentImports key={plan?.state === 'applied' ? plan.id : 'imports'} />
      </CardContent>
    </Card>
  );
}

const rowsOf = (n: number) => countOf(n, 'row');
const carsOf = (n: number) => countOf(n, 'car');
/** Field names as the plan gives them, in the words of the vehicle form. */
const FIELD_LABELS: Record<string, string> = {
  stock_number: 'stock number',
  vin: 'VIN',
  dealer_slug: 'dealership',
  body_type: 'body',
  exterior_color: 'colour',
  fuel_type: 'fuel',
  transmission: 'gearbox',
  state_of_vehicle: 'used or demo',
};
const fieldLabel = (f: string) => FIELD_LABELS[f] ?? f.replace(/_/g, ' ');
/** The file's column names as the plan gives them. */
const COLUMN_LABELS: Record<string, string> = {
  stock_number: 'Stock number',
  vin: 'VIN',
  transmission: 'Gearbox',
};
const columnLabel = (c: string) =>
  c ? (COLUMN_LABELS[c] ?? c.charAt(0).toUpperCase() + c.slice(1).replace(/_/g, ' ')) : 'Whole row';

function Plan({
  plan,
  busy,
  onApply,
  onCancel,
}: {
  plan: StockImport;
  busy: boolean;
  onApply: (confirmSold: number | null) => void;
  onCancel: () => void;
}) {
  const applied = plan.state === 'applied';
  const [typed, setTyped] = useState('');
  const needed = plan.confirm_sold;
  const confirmed = needed === null || typed.trim() === String(needed);
  const worst = [...plan.sold_share].sort(
    (a, b) => b.marked_sold / Math.max(b.on_sale, 1) - a.marked_sold / Math.max(a.on_sale, 1),
  )[0];
  // Each rejected row once, with all its faults.
  const faults = new Map<number, StockImport['rejected']>();
  for (const r of plan.rejected) faults.set(r.row, [...(faults.get(r.row) ?? []), r]);
  return (
    <Box sx={{ mt: 3 }} data-testid="import-plan">
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {applied ? 'Applied' : 'Dry run of'} {plan.mode === 'full' ? 'the full stock list' : 'an update'}:{' '}
        {rowsOf(plan.rows)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Chip color="success" label={`${plan.added.length} added`} />
        <Chip color="info" label={`${plan.changed.length} changed`} />
        <Chip label={`${plan.unchanged} unchanged`} />
        <Chip color="warning" label={`${plan.removed.length} marked sold`} />
        <Chip color="error" label={`${rowsOf(plan.rejected_rows)} rejected`} />
      </Stack>
      {plan.mode === 'update' && !applied && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          An update marks no car sold: cars not in the file stay as they are.
        </Typography>
      )}
      {faults.size > 0 && (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small" aria-label="Rejected rows">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...faults].flatMap(([row, list]) =>
                list.map((r, i) => (
                  <TableRow key={`${row}-${r.column}-${r.message}`}>
                    {i === 0 && (
                      <TableCell rowSpan={list.length} sx={{ verticalAlign: 'top' }}>
                        Row {row}
                      </TableCell>
                    )}
                    <TableCell>{columnLabel(r.column)}</TableCell>
                    <TableCell>{r.message}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </Box>
      )}
      {plan.changed.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Changed:{' '}
          {plan.changed.map((c) => `${c.stock_number} (${c.fields.map(fieldLabel).join(', ')})`).join('; ')}
        </Typography>
      )}
      {plan.removed.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Not in the file, to be marked sold: {plan.removed.map((r) => r.stock_number).join(', ')}
        </Typography>
      )}
      {!applied && needed !== null && (
        <Alert severity="warning" sx={{ my: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            This marks {carsOf(needed)} sold
            {worst
              ? `: ${worst.marked_sold} of the ${worst.on_sale} cars ${worst.dealer_name} has on sale`
              : ''}
            . If the file is not the full stock list, choose “An update” above instead.
          </Typography>
          <TextField
            label={`Type ${needed} to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            size="small"
            sx={{ maxWidth: '16rem' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            helperText="The number of cars to mark sold"
          />
        </Alert>
      )}
      {!applied && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            color="primary"
            disabled={busy || !confirmed}
            onClick={() => onApply(needed)}
          >
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
