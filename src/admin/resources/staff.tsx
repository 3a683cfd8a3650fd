/**
 * Staff accounts (admins only): invite by e-mail or add with a password, role, dealerships (picked from
 * the list, for dealer users), disable.
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
} from 'react-admin';
import { StaffCreateInput, StaffUpdateInput } from '../../contract/staff.ts';
import { ROLE_LABELS, STAFF_ROLES } from '../../domain/staff-access.ts';
import { SchemaForm } from '../schema-form.tsx';
import { DealershipPicker } from './dealership-picker.tsx';
import { FitTable } from './lists.tsx';

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

export const staff = {
  name: 'staff',
  options: { label: 'Staff' },
  list: StaffList,
  icon: PeopleIcon,
  recordRepresentation: 'email',
  edit: () => (
    <Edit mutationMode="pessimistic">
      <SchemaForm schema={StaffUpdateInput}>
        <TextInput source="email" disabled />
        {common}
        <BooleanInput source="disabled" label="Disabled (cannot sign in)" />
      </SchemaForm>
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <SchemaForm schema={StaffCreateInput}>
        <TextInput source="email" type="email" isRequired />
        {common}
        <PasswordInput
          source="password"
          helperText="Leave empty to e-mail an invitation; otherwise at least 12 characters"
        />
      </SchemaForm>
    </Create>
  ),
};
