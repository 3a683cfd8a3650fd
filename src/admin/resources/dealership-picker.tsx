/**
 * A dealer user's dealerships, picked by name from the group's list (the editor dealers endpoint),
 * stored as slugs. Shown only for the dealer role: other roles see the whole group.
 */
import { AutocompleteArrayInput, FormDataConsumer, useGetList } from 'react-admin';

interface Dealer {
  id: number;
  slug: string;
  dealer_name: string;
  city?: string | null;
}

export function DealershipPicker() {
  return (
    <FormDataConsumer<{ role?: string }>>
      {({ formData }) => (formData.role === 'dealer' ? <Picker /> : null)}
    </FormDataConsumer>
  );
}

function Picker() {
  const { data, isPending } = useGetList<Dealer>('dealers', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'dealer_name', order: 'ASC' },
  });
  const choices = (data ?? []).map((d) => ({
    id: d.slug,
    name: d.city ? `${d.dealer_name} (${d.city})` : d.dealer_name,
  }));
  return (
    <AutocompleteArrayInput
      source="dealers"
      label="Dealerships"
      choices={choices}
      isPending={isPending}
      isRequired
      helperText="The dealer user sees and edits the stock and leads of these dealerships only."
      sx={{ minWidth: { sm: 400 } }}
    />
  );
}
