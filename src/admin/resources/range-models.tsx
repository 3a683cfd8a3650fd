/** New-car range models (their variants and colours are under Range variants). */
import CategoryIcon from '@mui/icons-material/Category';
import { ArrayInput, DataTable, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { RangeModelInput } from '../../contract/content.ts';
import { VEHICLE_TYPES } from '../../contract/range.ts';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { formPages } from './form-pages.tsx';
import { choicesOf, SearchList } from './lists.tsx';
import { PhotosPanel } from './photos.tsx';

function ModelList() {
  return (
    <SearchList>
      <DataTable.NumberCol source="id" />
      <DataTable.Col source="make" />
      <DataTable.Col source="model" />
      <DataTable.Col source="type" />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
  );
}

function ModelForm() {
  return (
    <SchemaForm schema={RangeModelInput}>
      <PhotosPanel
        owner="range_models"
        aspect="16 / 10"
        help="The main photo is the model's hero and card; the others form its gallery, in this order. Once there are photos, they replace the drawn images."
      />
      <TextInput source="make" isRequired />
      <TextInput source="make_slug" label="Make slug" isRequired />
      <TextInput source="model" isRequired />
      <TextInput source="model_slug" label="Model slug" isRequired />
      <SelectInput source="type" choices={choicesOf(VEHICLE_TYPES)} isRequired />
      <TextInput source="tagline" fullWidth />
      <TextInput source="description" multiline fullWidth isRequired />
      <TextInput
        source="main_image"
        label="Drawn main image"
        helperText="File name of the drawn image, shown while no photo is uploaded"
        isRequired
      />
      <ArrayInput source="gallery">
        <SimpleFormIterator>
          <TextInput source="" label="Image file name" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="sort_order" label="Order" step={1} />
    </SchemaForm>
  );
}

export const rangeModels = {
  name: 'range_models',
  options: { label: 'Range models' },
  list: ModelList,
  icon: CategoryIcon,
  recordRepresentation: 'model',
  ...formPages(ModelForm),
};
