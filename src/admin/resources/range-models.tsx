/** New-car range models (their variants and colours are under Range variants). */
import CategoryIcon from '@mui/icons-material/Category';
import { ArrayInput, DataTable, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RangeModelInput } from '../../contract/content.ts';
import { VEHICLE_TYPES } from '../../contract/range.ts';
import { paths } from '../../domain/urls.ts';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { formPages } from './form-pages.tsx';
import { choicesOf, SearchList } from './lists.tsx';
import { PhotosPanel } from './photos.tsx';
import { DrawnImageSelect } from './pickers.tsx';
import { WebAddressInput } from './web-address.tsx';

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

/**
 * The model page's address, /showroom/{make}/{model}: both parts made from the make and the model's name
 * on a new model, the make's part shared by every model of that make.
 */
function ModelAddress() {
  const makeSlug = useWatch({ name: 'make_slug' }) as string | undefined;
  const make = makeSlug || '…';
  return (
    <>
      <WebAddressInput
        source="make_slug"
        from="make"
        label="Make's web address"
        address={(s) => paths.make(s)}
        purpose="The same for every model of this make."
        isRequired
      />
      <WebAddressInput
        source="model_slug"
        from="model"
        address={(s) => paths.model({ make_slug: make, model_slug: s })}
        isRequired
      />
    </>
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
      <TextInput source="model" isRequired />
      <ModelAddress />
      <SelectInput source="type" choices={choicesOf(VEHICLE_TYPES)} isRequired />
      <TextInput source="tagline" fullWidth />
      <TextInput source="description" multiline fullWidth isRequired />
      <DrawnImageSelect
        kind="main"
        source="main_image"
        label="Drawn main image"
        helperText="Shown while no photo is uploaded"
        isRequired
      />
      <ArrayInput source="gallery" label="Drawn gallery" helperText="Shown while no photo is uploaded">
        <SimpleFormIterator>
          <DrawnImageSelect kind="gallery" source="" label="Gallery image" helperText={false} />
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
