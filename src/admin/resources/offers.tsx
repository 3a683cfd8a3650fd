/** Specials and service deals: one shape on the server (src/server/editor/resources.ts), two lists. */

import BuildIcon from '@mui/icons-material/Build';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { RichTextInput } from 'ra-input-rich-text';
import { DataTable, DateInput, NumberInput, required, SimpleForm, TextInput } from 'react-admin';
import { editorOptions } from '../rich-text.ts';
import { formPages } from './form-pages.tsx';
import { RAND, SearchList } from './lists.tsx';

function OfferList() {
  return (
    <SearchList perPage={25}>
      <DataTable.Col source="title" />
      <DataTable.Col source="model" />
      <DataTable.Col source="dealer_slug" label="Dealership" />
      <DataTable.NumberCol source="price" {...RAND} />
      <DataTable.Col source="valid_until" label="Valid until" />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
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

export const specials = {
  name: 'specials',
  list: OfferList,
  ...formPages(OfferForm),
  icon: LocalOfferIcon,
  recordRepresentation: 'title',
};
export const serviceDeals = {
  ...specials,
  name: 'service_deals',
  icon: BuildIcon,
  options: { label: 'Service deals' },
};
