/** Dealerships: address, opening hours, phone, WhatsApp number and map link. */
import StoreIcon from '@mui/icons-material/Store';
import {
  ArrayInput,
  DataTable,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { PROVINCES } from '../../lib/vehicle-query.ts';
import { formPages } from './form-pages.tsx';
import { choicesOf, SearchList } from './lists.tsx';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Public holidays'];

function DealerList() {
  return (
    <SearchList>
      <DataTable.Col source="dealer_name" label="Name" />
      <DataTable.Col source="city" />
      <DataTable.Col source="province" />
      <DataTable.Col source="dealer_contact_no" label="Phone" />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
  );
}

function DealerForm() {
  return (
    <SimpleForm>
      <TextInput source="dealer_name" label="Name" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} />
      <TextInput source="site_name" label="Site name" validate={required()} />
      <TextInput source="address" label="Street address" validate={required()} fullWidth />
      <TextInput source="suburb" validate={required()} />
      <TextInput source="city" validate={required()} />
      <SelectInput source="province" choices={choicesOf(PROVINCES)} validate={required()} />
      <TextInput source="postal_code" label="Postal code" validate={required()} />
      <NumberInput source="latitude" validate={required()} />
      <NumberInput source="longitude" validate={required()} />
      <TextInput source="location" label="Map link (https://…)" validate={required()} fullWidth />
      <TextInput source="dealer_contact_no" label="Phone" validate={required()} />
      <TextInput source="whatsapp_no" label="WhatsApp number" />
      <TextInput source="email" label="E-mail" type="email" validate={required()} />
      <ArrayInput source="opening_hours" label="Opening hours">
        <SimpleFormIterator inline>
          <SelectInput source="day" choices={choicesOf(WEEKDAYS)} helperText={false} />
          <TextInput source="opens" label="Opens (08:00)" helperText={false} />
          <TextInput source="closes" label="Closes (17:00)" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="sort_order" label="Order" step={1} />
    </SimpleForm>
  );
}

export const dealers = {
  name: 'dealers',
  options: { label: 'Dealerships' },
  list: DealerList,
  icon: StoreIcon,
  recordRepresentation: 'dealer_name',
  ...formPages(DealerForm),
};
