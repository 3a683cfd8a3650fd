/**
 * Staff accounts (admins only): invite by e-mail or add with a password, role, dealerships (picked from
 * the list, for dealer users), disable; send a reset link, sign someone out everywhere. Without e-mail,
 * outside production, the invitation or reset link is shown to pass on.
 */
import PeopleIcon from '@mui/icons-material/People';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  PasswordInput,
  SearchInput,
  SelectInput,
  TextInput,
  useNotify,
  useRedirect,
} from 'react-admin';
import { StaffCreateInput, StaffUpdateInput } from '../../contract/staff.ts';
import { ROLE_LABELS, STAFF_ROLES } from '../../domain/staff-access.ts';
import { SchemaForm } from '../schema-form.tsx';
import { DealershipPicker } from './dealership-picker.tsx';
import { FitTable } from './lists.tsx';
import {
  InvitationNotice,
  type LinkDelivery,
  rememberInvitation,
  StaffAccessActions,
} from './staff-access-actions.tsx';

const roles = STAFF_ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

function StaffList() {
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="role" source="role" choices={roles} />,
      ]}
      sort={{ field: 'email', order: 'ASC' }}
    >
      <FitTable rowClick="edit">
        <DataTable.Col source="email" />
        <DataTable.Col source="name" />
        <DataTable.Col source="role" />
        <DataTable.Col source="dealers" label="Dealerships" render={(r) => (r.dealers ?? []).join(', ')} />
        <DataTable.Col source="two_factor" label="Two-factor" render={(r) => (r.two_factor ? 'On' : 'Off')} />
        <DataTable.Col source="disabled" render={(r) => (r.disabled ? 'Disabled' : 'Active')} label="State" />
      </FitTable>
    </List>
  );
}

const common = (
  <>
    <TextInput source="name" isRequired />
    <SelectInput source="role" choices={roles} isRequired />
    <DealershipPicker />
  </>
);

function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: (made: { id: string; email: string; invitation?: LinkDelivery }) => {
          rememberInvitation(String(made.id), made.invitation);
          notify(made.invitation ? `${made.email} invited` : `${made.email} added`, { type: 'success' });
          redirect('edit', 'staff', made.id);
        },
      }}
    >
      <SchemaForm schema={StaffCreateInput}>
        <TextInput source="email" type="email" isRequired />
        {common}
        <PasswordInput
          source="password"
          helperText="Leave empty to e-mail an invitation; otherwise at least 12 characters"
        />
      </SchemaForm>
    </Create>
  );
}

export const staff = {
  name: 'staff',
  options: { label: 'Staff' },
  list: StaffList,
  icon: PeopleIcon,
  recordRepresentation: 'email',
  edit: () => (
    <Edit mutationMode="pessimistic">
      <InvitationNotice />
      <StaffAccessActions />
      <SchemaForm schema={StaffUpdateInput}>
        <TextInput source="email" disabled />
        {common}
        <BooleanInput source="disabled" label="Disabled (cannot sign in; signs them out everywhere)" />
      </SchemaForm>
    </Edit>
  ),
  create: StaffCreate,
};
