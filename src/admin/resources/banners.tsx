/** Home-page banners. */
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { DataTable, SelectInput, TextInput } from 'react-admin';
import { BannerInput } from '../../contract/content.ts';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { SchemaForm } from '../schema-form.tsx';
import { PublishFromInput, statusCol } from './content-status.tsx';
import { formPages } from './form-pages.tsx';
import { choicesOf, SearchList } from './lists.tsx';
import { PhotosPanel } from './photos.tsx';
import { DrawnImageSelect } from './pickers.tsx';

function BannerList() {
  return (
    <SearchList>
      <DataTable.Col source="title" />
      {/* Second: a phone shows the first two columns (lists.tsx FitTable). */}
      {statusCol}
      <DataTable.Col source="type" />
      <DataTable.Col source="button_url" label="Links to" />
      <DataTable.NumberCol source="sort_order" label="Order" />
    </SearchList>
  );
}

function BannerForm() {
  return (
    <SchemaForm schema={BannerInput}>
      <PhotosPanel
        owner="banners"
        single
        aspect="16 / 7"
        help="Shown across the page, cropped to 16:7 on wide screens; a wide photo of at least 1600 px works best."
      />
      <TextInput source="title" isRequired fullWidth />
      <TextInput source="subtitle" fullWidth />
      <SelectInput source="type" choices={choicesOf(['Car', 'Motorcycle'])} isRequired />
      <DrawnImageSelect
        kind="banner"
        source="image"
        label="Drawn image"
        helperText="Shown while no image is uploaded"
        isRequired
      />
      <TextInput source="button_text" label="Button text" />
      <TextInput source="button_url" label="Button URL" isRequired helperText="/path or https://…" />
      <NumberInput source="sort_order" label="Order" step={1} />
      <PublishFromInput />
    </SchemaForm>
  );
}

export const banners = {
  name: 'banners',
  list: BannerList,
  ...formPages(BannerForm),
  icon: ViewCarouselIcon,
  recordRepresentation: 'title',
};
