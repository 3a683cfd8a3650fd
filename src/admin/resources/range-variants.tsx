/** New-car range variants with their colours and features. */
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import {
  ArrayInput,
  DataTable,
  NumberInput,
  required,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { formPages } from './form-pages.tsx';
import { RAND, SearchList } from './lists.tsx';

function VariantList() {
  return (
    <SearchList>
      <DataTable.Col source="variant" />
      <DataTable.NumberCol source="model_id" label="Model" />
      <DataTable.NumberCol source="model_price" label="Price" {...RAND} />
      <DataTable.Col source="fuel_type" label="Fuel" />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
  );
}

function VariantForm() {
  return (
    <SimpleForm>
      <NumberInput source="model_id" label="Range model id" validate={required()} />
      <TextInput source="variant" validate={required()} fullWidth />
      <TextInput source="variant_slug" label="Variant slug" validate={required()} />
      <TextInput source="description" multiline fullWidth validate={required()} />
      <TextInput source="main_image" label="Main image" validate={required()} />
      <NumberInput source="model_price" label="Price (R)" validate={required()} />
      <NumberInput source="power" label="Power (kW)" validate={required()} />
      <NumberInput source="torque" label="Torque (Nm)" validate={required()} />
      <NumberInput source="transmission" label="Gears" validate={required()} />
      <TextInput source="transmission_type" label="Transmission" validate={required()} />
      <TextInput source="fuel_type" label="Fuel" validate={required()} />
      <TextInput source="body_type" label="Body" validate={required()} />
      <TextInput source="engine" validate={required()} />
      <TextInput source="drivetrain" validate={required()} />
      <NumberInput source="term" label="Finance term (months)" validate={required()} />
      <NumberInput source="interest" label="Interest rate (%)" validate={required()} />
      <TextInput source="brochure" helperText="PDF file name" validate={required()} />
      <ArrayInput source="colors" label="Colours">
        <SimpleFormIterator inline>
          <TextInput source="name" label="Colour" helperText={false} />
          <TextInput source="hex_code" label="Code (#rrggbb)" helperText={false} />
          <TextInput source="image" label="Image file" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <ArrayInput source="features">
        <SimpleFormIterator>
          <TextInput source="" label="Feature" helperText={false} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="sort_order" label="Order" step={1} />
    </SimpleForm>
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
