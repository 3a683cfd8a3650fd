/**
 * The fraud-warning page's text (one record, made by its migration): editors change what the group never
 * does, how to check banking details and how to report fraud. The dealerships and their numbers on the page
 * come from the dealerships list, so they are edited there. It cannot be created twice or deleted.
 */
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import { RichTextInput } from 'ra-input-rich-text';
import { DataTable, Edit, TextInput } from 'react-admin';
import { FraudPageInput } from '../../contract/fraud-page.ts';
import { useNamedSave } from '../named.tsx';
import { editorOptions } from '../rich-text.ts';
import { SchemaForm } from '../schema-form.tsx';
import { SearchList } from './lists.tsx';

function FraudPageList() {
  return (
    <SearchList sort="id">
      <DataTable.Col source="title" />
      <DataTable.Col source="description" />
    </SearchList>
  );
}

function FraudPageEdit() {
  const saved = useNamedSave('saved');
  return (
    <Edit mutationMode="pessimistic" title="Fraud warning page" mutationOptions={saved}>
      <SchemaForm schema={FraudPageInput}>
        <TextInput source="title" isRequired fullWidth />
        <TextInput
          source="description"
          multiline
          fullWidth
          isRequired
          helperText="Under the title, and in search results"
        />
        <RichTextInput source="intro" label="Introduction" fullWidth editorOptions={editorOptions} />
        <RichTextInput source="never_do" label="What we never do" fullWidth editorOptions={editorOptions} />
        <RichTextInput
          source="check_details"
          label="How to check banking details"
          fullWidth
          editorOptions={editorOptions}
        />
        <RichTextInput source="report" label="How to report fraud" fullWidth editorOptions={editorOptions} />
      </SchemaForm>
    </Edit>
  );
}

export const fraudPage = {
  name: 'fraud_page',
  options: { label: 'Fraud warning page' },
  list: FraudPageList,
  edit: FraudPageEdit,
  icon: GppMaybeIcon,
  recordRepresentation: 'title',
};
