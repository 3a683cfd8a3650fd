/** New-car range models (their variants and colours are under Range variants). */
import CategoryIcon from '@mui/icons-material/Category';
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
import { VEHICLE_TYPES } from '../../lib/contract/range.ts';
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
    <SimpleForm>
      <PhotosPanel
        owner="range_models"
        aspect="16 / 10"
        help="The main photo is the model's hero and card; the others form its gallery, in this order. Once there are photos, they replace the drawn images."
      />
      <TextInput source="make" validate={required()} />
      <TextInput source="make_slug" label="Make slug" validate={required()} />
      <TextInput source="model" validate={required()} />
      <TextInput source="model_slug" label="Model slug" validate={required()} />
      <SelectInput source="type" choices={choicesOf(VEHICLE_TYPES)} validate={required()} />
      <TextInput source="tagline" fullWidth />
      <TextInput source="description" multiline fullWidth validate={required()} />
      <TextInput
        source="main_image"
        label="Drawn main image"
        helperText="File name of the drawn image, shown while no photo is uploaded"
        validate={required()}
      />
      <ArrayInput source="gallery">
        <SimpleFormIterator>
          <TextInput source="" label="Image file name" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="sort_order" label="Order" step={1} />
    </SimpleForm>
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
