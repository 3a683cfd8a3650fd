/** Specials and service deals: one shape on the server (src/server/editor/resources.ts), two lists. */

import BuildIcon from '@mui/icons-material/Build';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { RichTextInput } from 'ra-input-rich-text';
import {
  Create,
  DataTable,
  DateInput,
  Edit,
  List,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { editorOptions } from '../rich-text.ts';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function OfferList() {
  return (
    <List filters={filters} sort={{ field: 'sort_order', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="edit">
        <DataTable.Col source="title" />
        <DataTable.Col source="model" />
        <DataTable.Col source="dealer_slug" label="Dealership" />
        <DataTable.NumberCol
          source="price"
          options={{ style: 'currency', currency: 'ZAR', maximumFractionDigits: 0 }}
          locales="en-ZA"
        />
        <DataTable.Col source="valid_until" label="Valid until" />
        <DataTable.NumberCol source="sort_order" label="Order" />
      </DataTable>
    </List>
  );
}

function OfferForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} helperText="Lower-case words joined by hyphens" />
      <TextInput source="model" validate={required()} />
      <TextInput source="model_slug" label="Model slug" validate={required()} />
      <TextInput source="dealer_slug" label="Dealership slug" helperText="Empty for the whole group" />
      <NumberInput source="price" label="Price (R)" step={1} />
      <DateInput source="valid_until" label="Valid until" validate={required()} />
      <TextInput source="intro_paragraph" label="Intro" multiline fullWidth validate={required()} />
      <RichTextInput source="body" fullWidth editorOptions={editorOptions} />
      <TextInput source="thumbnail" helperText="Image file name" validate={required()} />
      <TextInput source="image" helperText="Image file name" validate={required()} />
      <TextInput source="source_code" label="Source code" validate={required()} />
      <TextInput source="terms" multiline fullWidth />
      <NumberInput source="sort_order" label="Order" step={1} />
    </SimpleForm>
  );
}

const OfferEdit = () => (
  <Edit mutationMode="pessimistic">
    <OfferForm />
  </Edit>
);
const OfferCreate = () => (
  <Create redirect="list">
    <OfferForm />
  </Create>
);

export const specials = {
  name: 'specials',
  list: OfferList,
  edit: OfferEdit,
  create: OfferCreate,
  icon: LocalOfferIcon,
  recordRepresentation: 'title',
};
export const serviceDeals = {
  ...specials,
  name: 'service_deals',
  icon: BuildIcon,
  options: { label: 'Service deals' },
};
