/**
 * Pickers instead of slugs and file names (issue 25 §6): a dealership by its name (a dealer user is
 * offered only their own), a model of the range by its name, and an image from the uploads by its
 * thumbnail. Each stores what the API takes (a slug, a file name); the user never types one.
 */
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, type SelectInputProps, useGetList } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { api } from '../http.ts';
import { useGroupDealerships } from './lists.tsx';

/** A dealership by name; `emptyText` offers "none" (e.g. the whole group). */
export function DealershipSelect(props: Omit<SelectInputProps, 'choices'>) {
  return <SelectInput label="Dealership" {...props} choices={useGroupDealerships()} />;
}

interface RangeModel {
  id: number;
  make: string;
  model: string;
  model_slug: string;
}

/**
 * A model of the range by its name, stored in `model_slug`; picking one also fills `model` (the name the
 * pages show) with that model's name.
 */
export function ModelSelect({
  source = 'model_slug',
  nameSource = 'model',
}: {
  source?: string;
  nameSource?: string;
}) {
  const { data, isPending } = useGetList<RangeModel>('range_models', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  const { setValue } = useFormContext();
  const choices = (data ?? []).map((m) => ({ id: m.model_slug, name: m.model }));
  return (
    <SelectInput
      source={source}
      label="Model"
      choices={choices}
      isPending={isPending}
      isRequired
      onChange={(e) => {
        const picked = choices.find((c) => c.id === e?.target?.value);
        if (picked) setValue(nameSource, picked.name, { shouldDirty: true });
      }}
    />
  );
}

interface Upload {
  uri: string;
  file: string;
}

/** The images a special or service deal can show (GET /api/editor/special_images). */
function useSpecialImages() {
  const { data } = useQuery({
    queryKey: ['special-images'],
    queryFn: async () =>
      (await api<{ 'hydra:member': Upload[] }>('/api/editor/special_images'))['hydra:member'],
    staleTime: 60_000,
  });
  return data ?? [];
}

/** An image from the uploads, chosen by its thumbnail (the file name beside it). */
export function SpecialImageSelect(props: Omit<SelectInputProps, 'choices'>) {
  const choices = useSpecialImages().map((u) => ({ id: u.file, name: u.file, uri: u.uri }));
  return (
    <SelectInput
      {...props}
      choices={choices}
      optionText={(c: { name: string; uri: string }) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            component="img"
            src={c.uri.replace(/\.webp$/, '-480.webp')}
            alt=""
            loading="lazy"
            sx={{ width: 64, height: 36, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
          />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {c.name}
          </Box>
        </Box>
      )}
      sx={{ minWidth: { sm: 320 }, maxWidth: '100%' }}
    />
  );
}
