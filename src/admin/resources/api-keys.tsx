/** Machine API keys (admins only): scoped, revocable; the key itself is shown once, on creation. */
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Typography } from '@mui/material';
import { useEffect } from 'react';
import {
  CheckboxGroupInput,
  Create,
  DataTable,
  DeleteButton,
  FunctionField,
  List,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { ApiKeyCreateInput } from '../../contract/staff.ts';
import { formatDateTime } from '../../domain/date-time.ts';
import { KEY_SCOPES } from '../../domain/staff-access.ts';
import { DateInput } from '../inputs/DateInput.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { choicesOf } from './lists.tsx';

function KeyList() {
  useEffect(() => {
    justMade = null; // back on the list: the key just made is not shown again
  }, []);
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable rowClick="show">
        <DataTable.Col source="name" />
        <DataTable.Col source="scopes" render={(r) => (r.scopes ?? []).join(', ')} />
        <DataTable.Col source="created_at" label="Created" render={(r) => formatDateTime(r.created_at)} />
        <DataTable.Col
          source="last_used_at"
          label="Last used"
          render={(r) => formatDateTime(r.last_used_at)}
        />
        <DataTable.Col source="revoked_at" label="Revoked" render={(r) => formatDateTime(r.revoked_at)} />
      </DataTable>
    </List>
  );
}

/** Revoking takes effect at once on every instance; a revoked key stays listed with its date. */
function KeyActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record || record.revoked_at) return null;
  return (
    <TopToolbar>
      <DeleteButton
        label="Revoke key"
        mutationMode="pessimistic"
        confirmTitle={`Revoke the key “${record.name}”?`}
        confirmContent="The integration using it is refused from now on. This cannot be undone."
        // Not successMessage: react-admin reads that as a translation key and, finding none, said
        // "Element deleted".
        mutationOptions={{
          onSuccess: () => {
            notify('Key revoked', { type: 'info' });
            redirect('list', 'api_keys');
          },
        }}
      />
    </TopToolbar>
  );
}

/**
 * The key just made, held in this tab's memory only: the create answer is the one time the server sends
 * it, and the key's page fetches its record again at once (without it), so the page shows it from here.
 * Going back to the list forgets it.
 */
let justMade: { id: string; key: string } | null = null;

function OnceKey() {
  const record = useRecordContext();
  if (!record) return null;
  const key =
    (record.key as string | undefined) ?? (justMade?.id === String(record.id) ? justMade.key : undefined);
  if (!key) return null;
  return (
    <Alert severity="warning">
      Copy this key now; it is not shown again:{' '}
      <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {key}
      </Typography>
    </Alert>
  );
}

function KeyCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: (made: { id: string | number; key?: string }) => {
          justMade = made.key ? { id: String(made.id), key: made.key } : null;
          notify('API key made', { type: 'success' });
          redirect('show', 'api_keys', made.id);
        },
      }}
    >
      <SchemaForm schema={ApiKeyCreateInput}>
        <TextInput source="name" isRequired helperText="Which integration uses it" />
        {/* An empty list, not a missing one, so no scope ticked reads "Choose at least one scope". */}
        <CheckboxGroupInput source="scopes" choices={choicesOf(KEY_SCOPES)} defaultValue={[]} isRequired />
        <DateInput source="expires_at" label="Expires (optional)" />
      </SchemaForm>
    </Create>
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
        <FunctionField label="Created" render={(r) => formatDateTime(r.created_at)} />
        <FunctionField label="Last used" render={(r) => formatDateTime(r.last_used_at)} />
        <FunctionField label="Expires" render={(r) => formatDateTime(r.expires_at)} />
        <FunctionField label="Revoked" render={(r) => formatDateTime(r.revoked_at)} />
      </SimpleShowLayout>
    </Show>
  ),
  create: KeyCreate,
};
