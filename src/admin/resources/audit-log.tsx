/** The audit log (read-only): who did what, when (Johannesburg time), from which address and browser, with before and after for content. */
import HistoryIcon from '@mui/icons-material/History';
import { Box } from '@mui/material';
import { DataTable, List, TextInput, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../domain/date-time.ts';
import { FitTable } from './lists.tsx';

const filters = [
  <TextInput key="action" source="action" />,
  <TextInput key="resource" source="resource" />,
  <TextInput key="actor_name" source="actor_name" label="Who" />,
];

function Change({ record }: { record: { before?: unknown; after?: unknown } }) {
  return (
    <Box
      component="pre"
      sx={{ fontSize: 12, whiteSpace: 'pre-wrap', m: 0, maxHeight: 320, overflow: 'auto' }}
    >
      {JSON.stringify({ before: record.before, after: record.after }, null, 2)}
    </Box>
  );
}

export const auditLog = {
  name: 'audit_log',
  options: { label: 'Audit log' },
  icon: HistoryIcon,
  list: () => (
    <List filters={filters} sort={{ field: 'at', order: 'DESC' }} perPage={50}>
      <FitTable bulkActionButtons={false} expand={<ChangeOfRow />} rowClick="expand">
        <DataTable.Col source="at" label="When (Johannesburg)" render={(r) => formatDateTime(r.at)} />
        <DataTable.Col source="actor_name" label="Who" />
        <DataTable.Col source="action" />
        <DataTable.Col source="resource" />
        <DataTable.Col source="resource_id" label="Record" />
        <DataTable.Col source="ip" label="Address" disableSort />
        <DataTable.Col source="browser" label="Browser" disableSort />
      </FitTable>
    </List>
  ),
};

function ChangeOfRow() {
  const record = useRecordContext();
  return record ? <Change record={record as { before?: unknown; after?: unknown }} /> : null;
}
