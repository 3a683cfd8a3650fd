/** Dealerships: address, opening hours, phone, WhatsApp number and map link. */
import StoreIcon from '@mui/icons-material/Store';
import { ArrayInput, DataTable, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { DealershipInput } from '../../contract/content.ts';
import { withDealer } from '../../domain/urls.ts';
import { PROVINCES } from '../../domain/vehicle-query.ts';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { formPages } from './form-pages.tsx';
import { choicesOf, SearchList } from './lists.tsx';
import { WebAddressInput } from './web-address.tsx';

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
    <SchemaForm schema={DealershipInput}>
      <TextInput source="dealer_name" label="Name" isRequired fullWidth />
      <WebAddressInput
        source="slug"
        from="dealer_name"
        label="Short name"
        purpose="Names the dealership in links to its cars, stock imports and the API; it cannot change while cars, leads or offers belong to it."
        isRequired
      />
      <WebAddressInput
        source="site_name"
        from="dealer_name"
        address={(s) => withDealer('/', s)}
        purpose="The dealership's own site."
        isRequired
      />
      <TextInput source="address" label="Street address" isRequired fullWidth />
      <TextInput source="suburb" isRequired />
      <TextInput source="city" isRequired />
      <SelectInput source="province" choices={choicesOf(PROVINCES)} isRequired />
      <TextInput source="postal_code" label="Postal code" isRequired />
      <NumberInput source="latitude" isRequired />
      <NumberInput source="longitude" isRequired />
      <TextInput source="location" label="Map link (https://…)" isRequired fullWidth />
      <TextInput source="dealer_contact_no" label="Phone" isRequired />
      <TextInput source="whatsapp_no" label="WhatsApp number" />
      <TextInput source="email" label="E-mail" type="email" isRequired />
      <ArrayInput source="opening_hours" label="Opening hours">
        <SimpleFormIterator inline>
          <SelectInput source="day" choices={choicesOf(WEEKDAYS)} helperText={false} />
          <TextInput source="opens" label="Opens (08:00)" helperText={false} />
          <TextInput source="closes" label="Closes (17:00)" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="sort_order" label="Order" step={1} />
    </SchemaForm>
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
