/** Used stock (issue 10 §2): every SPEC §3 field plus stock number and VIN, reserved/sold, and photos. */
import CarRentalIcon from '@mui/icons-material/CarRental';
import {
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { STOCK_STATUSES } from '../../lib/contract/stock.ts';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  FUEL_TYPES,
  TRANSMISSION_TYPES,
  VEHICLE_STATES,
} from '../../lib/vehicle-query.ts';
import { PhotosPanel } from './photos.tsx';

const choices = (list: readonly string[], labels?: Record<string, string>) =>
  list.map((id) => ({ id, name: labels?.[id] ?? id }));
const statuses = choices(STOCK_STATUSES);

function VehicleList() {
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Stock number, VIN, make, model" />,
        <SelectInput key="status" source="status" choices={statuses} />,
        <TextInput key="dealer" source="dealer_slug" label="Dealership slug" />,
      ]}
      sort={{ field: 'id', order: 'DESC' }}
    >
      <DataTable rowClick="edit">
        <DataTable.Col source="stock_number" label="Stock no." />
        <DataTable.Col source="make" />
        <DataTable.Col source="model" />
        <DataTable.NumberCol source="year" options={{ useGrouping: false }} />
        <DataTable.NumberCol
          source="price"
          options={{ style: 'currency', currency: 'ZAR', maximumFractionDigits: 0 }}
          locales="en-ZA"
        />
        <DataTable.Col source="dealer_name" label="Dealership" disableSort />
        <DataTable.Col source="status" disableSort />
        <DataTable.NumberCol source="photo_count" label="Photos" disableSort />
      </DataTable>
    </List>
  );
}

function VehicleFields() {
  return (
    <>
      <TextInput source="stock_number" label="Stock number" validate={required()} />
      <TextInput source="vin" label="VIN" />
      <TextInput source="dealer_slug" label="Dealership slug" validate={required()} />
      <SelectInput source="status" choices={statuses} validate={required()} />
      <TextInput source="make" validate={required()} />
      <TextInput source="model" validate={required()} />
      <TextInput source="variant" />
      <SelectInput
        source="body_type"
        label="Body"
        choices={choices(BODY_TYPES, BODY_TYPE_LABELS)}
        validate={required()}
      />
      <NumberInput source="year" validate={required()} />
      <NumberInput source="mileage" label="Mileage (km)" validate={required()} />
      <NumberInput source="price" label="Price (R)" validate={required()} />
      <SelectInput source="transmission" choices={choices(TRANSMISSION_TYPES)} validate={required()} />
      <SelectInput source="fuel_type" label="Fuel" choices={choices(FUEL_TYPES)} validate={required()} />
      <TextInput source="exterior_color" label="Colour" validate={required()} />
      <SelectInput
        source="state_of_vehicle"
        label="State"
        choices={choices(VEHICLE_STATES)}
        validate={required()}
      />
      <TextInput source="description" multiline fullWidth />
    </>
  );
}

export const vehicles = {
  name: 'vehicles',
  options: { label: 'Used stock' },
  list: VehicleList,
  icon: CarRentalIcon,
  recordRepresentation: 'stock_number',
  edit: () => (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <PhotosPanel />
        <VehicleFields />
      </SimpleForm>
    </Edit>
  ),
  create: () => (
    <Create redirect="edit">
      <SimpleForm>
        <VehicleFields />
      </SimpleForm>
    </Create>
  ),
};
