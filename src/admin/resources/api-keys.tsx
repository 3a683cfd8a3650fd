/** Machine API keys (admins only): scoped, revocable; the key itself is shown once, on creation. */
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  Create,
  DataTable,
  DateInput,
  DeleteButton,
  List,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ApiKeyCreateInput } from '../../lib/contract/staff.ts';
import { KEY_SCOPES } from '../../lib/staff-access.ts';
import { SchemaForm } from '../schema-form.tsx';
import { choicesOf } from './lists.tsx';

function KeyList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable rowClick="show">
        <DataTable.Col source="name" />
        <DataTable.Col source="scopes" render={(r) => (r.scopes ?? []).join(', ')} />
        <DataTable.Col source="created_at" label="Created" />
        <DataTable.Col source="last_used_at" label="Last used" />
        <DataTable.Col source="revoked_at" label="Revoked" />
      </DataTable>
    </List>
  );
}

/** Revoking takes effect at once on every instance; a revoked key stays listed with its date. */
function KeyActions() {
  const record = useRecordContext();
  if (!record || record.revoked_at) return null;
  return (
    <TopToolbar>
      <DeleteButton
        label="Revoke key"
        mutationMode="pessimistic"
        confirmTitle={`Revoke the key “${record.name}”?`}
        confirmContent="The integration using it is refused from now on. This cannot be undone."
        successMessage="Key revoked"
      />
    </TopToolbar>
  );
}

function OnceKey() {
  const record = useRecordContext();
  if (!record?.key) return null;
  return (
    <Alert severity="warning">
      Copy this key now; it is not shown again:{' '}
      <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {String(record.key)}
      </Typography>
    </Alert>
  );
}

export const apiKeys = {
  name: 'api_keys',
  options: { label: 'API keys' },
  list: KeyList,
  icon: KeyIcon,
  recordRepresentation: 'name',
  show: () => (
    <Show actions={<KeyActions />}>
      <SimpleShowLayout>
        <OnceKey />
        <TextField source="name" />
        <TextField source="scopes" />
        <TextField source="created_at" />
        <TextField source="last_used_at" />
        <TextField source="expires_at" />
        <TextField source="revoked_at" />
      </SimpleShowLayout>
    </Show>
  ),
  create: () => (
    <Create redirect="show">
      <SchemaForm schema={ApiKeyCreateInput}>
        <TextInput source="name" isRequired helperText="Which integration uses it" />
        <CheckboxGroupInput source="scopes" choices={choicesOf(KEY_SCOPES)} isRequired />
        <DateInput source="expires_at" label="Expires (optional)" />
      </SchemaForm>
    </Create>
  ),
};
