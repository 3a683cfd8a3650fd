/** Specials and service deals: one shape on the server (src/server/editor/resources.ts), two lists. */

import BuildIcon from '@mui/icons-material/Build';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { RichTextInput } from 'ra-input-rich-text';
import { DataTable, TextInput } from 'react-admin';
import { OfferInput } from '../../contract/content.ts';
import { formatDate } from '../../domain/date-time.ts';
import { paths } from '../../domain/urls.ts';
import { DateInput } from '../inputs/DateInput.tsx';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { editorOptions } from '../rich-text.ts';
import { SchemaForm } from '../schema-form.tsx';
import { statusCol } from './content-status.tsx';
import { formPages } from './form-pages.tsx';
import { DealershipName, RAND, SearchList } from './lists.tsx';
import { DealershipSelect, ModelSelect, SpecialImageSelect } from './pickers.tsx';
import { WebAddressInput } from './web-address.tsx';

function OfferList() {
  return (
    <SearchList perPage={25}>
      <DataTable.Col source="title" />
      {/* Second: a phone shows the first two columns (lists.tsx FitTable). */}
      {statusCol}
      <DataTable.Col source="model" />
      <DataTable.Col
        source="dealer_slug"
        label="Dealership"
        render={(r) => <DealershipName slug={r.dealer_slug} />}
      />
      <DataTable.NumberCol source="price" {...RAND} />
      <DataTable.Col source="valid_until" label="Valid until" render={(r) => formatDate(r.valid_until)} />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
  );
}

function OfferForm() {
  return (
    <SchemaForm schema={OfferInput}>
      <TextInput source="title" isRequired fullWidth />
      <WebAddressInput source="slug" from="title" address={paths.special} isRequired />
      <ModelSelect />
      <DealershipSelect source="dealer_slug" emptyText="The whole group" />
      <NumberInput source="price" label="Price (R)" step={1} />
      <DateInput
        source="valid_until"
        label="Valid until"
        isRequired
        helperText="The last day it is on the site; it leaves the next day (Johannesburg time)"
      />
      <TextInput source="intro_paragraph" label="Intro" multiline fullWidth isRequired />
      <RichTextInput source="body" fullWidth editorOptions={editorOptions} />
      <SpecialImageSelect
        source="thumbnail"
        label="Thumbnail"
        helperText="Shown in the list of offers"
        isRequired
      />
      <SpecialImageSelect source="image" label="Image" helperText="Shown on the offer's page" isRequired />
      <TextInput
        source="source_code"
        label="CRM source code"
        helperText="Optional: how the CRM files this offer's enquiries"
      />
      <TextInput source="terms" multiline fullWidth />
      <NumberInput source="sort_order" label="Order" step={1} />
    </SchemaForm>
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
