/** New-car range variants with their colours, features and photos (the variant's and each colour's). */
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  DataTable,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useGetOne,
  useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RangeVariantInput } from '../../contract/content.ts';
import { paths } from '../../domain/urls.ts';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { formPages } from './form-pages.tsx';
import { RAND, SearchList } from './lists.tsx';
import { PhotosPanel } from './photos.tsx';
import { BrochureSelect, DrawnImageSelect } from './pickers.tsx';
import { WebAddressInput } from './web-address.tsx';

function VariantList() {
  return (
    <SearchList>
      <DataTable.Col source="variant" />
      <DataTable.Col source="model_id" label="Model">
        <ReferenceField source="model_id" reference="range_models" link={false} />
      </DataTable.Col>
      <DataTable.NumberCol source="model_price" label="Price" {...RAND} />
      <DataTable.Col source="fuel_type" label="Fuel" />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
  );
}

interface SavedColour {
  name: string;
  slug?: string;
}

/**
 * One photos panel per saved colour, keyed by the colour's slug, so renaming or reordering colours keeps
 * their photos, and removing a colour (then saving) removes them (docs/decisions/185-variant-colour-images.md).
 */
function ColourPhotos() {
  const record = useRecordContext();
  const colours = ((record?.colors ?? []) as SavedColour[]).filter(
    (c): c is Required<SavedColour> => !!c.slug,
  );
  if (!record?.id) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2">
        Colour photos
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The main photo of a colour is what the colour picker and the variant page show for it; without one,
        they show the drawn colour image. Save a new colour before adding its photos. Removing a colour and
        saving deletes its photos.
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {colours.map((c) => (
          <PhotosPanel
            key={c.slug}
            owner="range_variants"
            colour={c.slug}
            aspect="16 / 10"
            title={`Photos of ${c.name}`}
            compact
          />
        ))}
      </Box>
    </Box>
  );
}

/** The variant page's address, /showroom/{make}/{model}/{variant}, under the model picked above. */
function VariantAddress() {
  const modelId = useWatch({ name: 'model_id' }) as number | undefined;
  const { data: model } = useGetOne<{ id: number; make_slug: string; model_slug: string }>(
    'range_models',
    { id: modelId ?? 0 },
    { enabled: !!modelId },
  );
  return (
    <WebAddressInput
      source="variant_slug"
      from="variant"
      address={(s) =>
        paths.variant({
          make_slug: model?.make_slug ?? '…',
          model_slug: model?.model_slug ?? '…',
          variant_slug: s,
        })
      }
      isRequired
    />
  );
}

function VariantForm() {
  return (
    <SchemaForm schema={RangeVariantInput}>
      <PhotosPanel
        owner="range_variants"
        aspect="16 / 10"
        help="The main photo is the variant page's hero; the others form its gallery, in this order. Without photos the page shows the drawn main image."
      />
      <ReferenceInput source="model_id" reference="range_models" sort={{ field: 'sort_order', order: 'ASC' }}>
        <SelectInput label="Range model" optionText={(m) => `${m.make} ${m.model}`} isRequired />
      </ReferenceInput>
      <TextInput source="variant" isRequired fullWidth />
      <VariantAddress />
      <TextInput source="description" multiline fullWidth isRequired />
      <DrawnImageSelect
        kind="main"
        source="main_image"
        label="Drawn main image"
        helperText="Shown while no photo is uploaded"
        isRequired
      />
      <NumberInput source="model_price" label="Price (R)" isRequired />
      <NumberInput source="power" label="Power (kW)" isRequired />
      <NumberInput source="torque" label="Torque (Nm)" isRequired />
      <NumberInput source="transmission" label="Gears" isRequired />
      <TextInput source="transmission_type" label="Transmission" isRequired />
      <TextInput source="fuel_type" label="Fuel" isRequired />
      <TextInput source="body_type" label="Body" isRequired />
      <TextInput source="engine" isRequired />
      <TextInput source="drivetrain" isRequired />
      <NumberInput source="term" label="Finance term (months)" isRequired />
      <NumberInput source="interest" label="Interest rate (%)" isRequired />
      <BrochureSelect
        source="brochure"
        label="Brochure"
        helperText="The PDF the page offers to download"
        isRequired
      />
      <ArrayInput source="colors" label="Colours">
        <SimpleFormIterator inline>
          <TextInput source="name" label="Colour" helperText={false} />
          <TextInput source="hex_code" label="Code (#rrggbb)" helperText={false} />
          <DrawnImageSelect kind="range" source="image" label="Drawn image" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <ColourPhotos />
      <ArrayInput source="features">
        <SimpleFormIterator>
          <TextInput source="" label="Feature" helperText={false} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="sort_order" label="Order" step={1} />
    </SchemaForm>
  );
}

export const rangeVariants = {
  name: 'range_variants',
  options: { label: 'Range variants' },
  list: VariantList,
  ...formPages(VariantForm),
  icon: DirectionsCarIcon,
  recordRepresentation: 'variant',
};
