/** Used stock: every SPEC §3 field plus stock number and VIN, reserved/sold, and photos. */
import CarRentalIcon from '@mui/icons-material/CarRental';
import { type Theme, useMediaQuery } from '@mui/material';
import {
  BulkDeleteButton,
  BulkUpdateButton,
  Create,
  DataTable,
  Edit,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  useNotify,
  useRedirect,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { STOCK_STATUSES, StockVehicleInput } from '../../contract/stock.ts';
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  FUEL_TYPES,
  TRANSMISSION_TYPES,
  VEHICLE_STATES,
} from '../../domain/vehicle-query.ts';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { useNamedSave } from '../named.tsx';
import { HistoryPanel } from '../revisions/HistoryPanel.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { choicesOf, RAND, useGroupDealerships } from './lists.tsx';
import { PhotosPanel } from './photos.tsx';
import { DealershipSelect } from './pickers.tsx';

const statuses = choicesOf(STOCK_STATUSES);

/** Mark the ticked cars reserved, sold or available again in one go (each change is audited). */
const StatusButtons = () => (
  <>
    {STOCK_STATUSES.map((status) => (
      <BulkUpdateButton
        key={status}
        label={`Mark ${status}`}
        data={{ status }}
        mutationMode="pessimistic"
        confirmTitle={`Mark the chosen cars ${status}?`}
        confirmContent={
          status === 'available'
            ? 'They show on the public site again after the next publish.'
            : 'They leave the public listing after the next publish; their pages say they are no longer available.'
        }
      />
    ))}
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
);

const rand = new Intl.NumberFormat('en-ZA', RAND.options);

function VehicleList() {
  const dealers = useGroupDealerships();
  // A phone gets one line a car instead of a table wider than the screen; below 1200 px (a 1024 px laptop
  // beside the menu) make and model share a column and the photo count goes, so the table fits.
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('lg'));
  return (
    <List
      filters={[
        <SearchInput
          key="q"
          source="q"
          alwaysOn
          placeholder="Stock number, VIN, make, model"
          sx={{ minWidth: { sm: 300 } }}
        />,
        <SelectInput key="status" source="status" choices={statuses} />,
        <SelectInput key="dealer" source="dealer_slug" label="Dealership" choices={dealers} />,
      ]}
      sort={{ field: 'id', order: 'DESC' }}
    >
      {phone ? (
        <SimpleList
          primaryText={(r) => `${r.stock_number} · ${r.year} ${r.make} ${r.model}`}
          secondaryText={(r) => `${rand.format(r.price)} · ${r.dealer_name}`}
          tertiaryText={(r) => r.status}
          linkType="edit"
        />
      ) : (
        <DataTable
          rowClick="edit"
          bulkActionButtons={<StatusButtons />}
          sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}
        >
          <DataTable.Col source="stock_number" label="Stock no." />
          {narrow ? (
            <DataTable.Col source="model" label="Car" render={(r) => `${r.make} ${r.model}`} />
          ) : (
            <DataTable.Col source="make" />
          )}
          {narrow ? null : <DataTable.Col source="model" />}
          <DataTable.NumberCol source="year" options={{ useGrouping: false }} />
          <DataTable.NumberCol source="price" {...RAND} />
          <DataTable.Col source="dealer_name" label="Dealership" disableSort />
          <DataTable.Col source="status" disableSort />
          {narrow ? null : <DataTable.NumberCol source="photo_count" label="Photos" disableSort />}
        </DataTable>
      )}
    </List>
  );
}

/** The car's dealership by name: a dealer user is offered only their own (the server refuses others too). */
function DealershipInput() {
  return <DealershipSelect source="dealer_slug" isRequired />;
}

/**
 * Another dealership's car (or one sold off and deleted) answers 404 to a dealer user: say so in words
 * and go back to the list they may work on, instead of react-admin's "Element does not exist".
 */
function VehicleEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const { id } = useParams();
  const saved = useNamedSave('saved');
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        mutationOptions={saved}
        queryOptions={{
          onError: (err: { status?: number; message?: string }) => {
            notify(
              err.status === 404
                ? `Car ${id} is not in the stock you can edit: it belongs to another dealership, or it was removed.`
                : (err.message ?? 'The car could not be loaded.'),
              { type: 'error' },
            );
            redirect('list', 'vehicles');
          },
        }}
      >
        <SchemaForm schema={StockVehicleInput}>
          <PhotosPanel />
          <VehicleFields />
        </SchemaForm>
      </Edit>
      <HistoryPanel />
    </>
  );
}

function VehicleFields() {
  return (
    <>
      <TextInput source="stock_number" label="Stock number" isRequired />
      <TextInput source="vin" label="VIN" />
      <DealershipInput />
      <SelectInput source="status" choices={statuses} isRequired />
      <TextInput source="make" isRequired />
      <TextInput source="model" isRequired />
      <TextInput source="variant" />
      <SelectInput
        source="body_type"
        label="Body"
        choices={choicesOf(BODY_TYPES, BODY_TYPE_LABELS)}
        isRequired
      />
      <NumberInput source="year" isRequired />
      <NumberInput source="mileage" label="Mileage (km)" isRequired />
      <NumberInput source="price" label="Price (R)" isRequired />
      <SelectInput source="transmission" choices={choicesOf(TRANSMISSION_TYPES)} isRequired />
      <SelectInput source="fuel_type" label="Fuel" choices={choicesOf(FUEL_TYPES)} isRequired />
      <TextInput source="exterior_color" label="Colour" isRequired />
      <SelectInput source="state_of_vehicle" label="State" choices={choicesOf(VEHICLE_STATES)} isRequired />
      <TextInput source="description" multiline fullWidth />
    </>
  );
}

function VehicleCreate() {
  const added = useNamedSave('saved', 'edit');
  return (
    <Create redirect="edit" mutationOptions={added}>
      <SchemaForm schema={StockVehicleInput}>
        <VehicleFields />
      </SchemaForm>
    </Create>
  );
}

export const vehicles = {
  name: 'vehicles',
  options: { label: 'Used stock' },
  list: VehicleList,
  icon: CarRentalIcon,
  recordRepresentation: 'stock_number',
  edit: VehicleEdit,
  create: VehicleCreate,
};
