/**
 * Pickers instead of slugs and file names (decision 250): a dealership by its name (a dealer user is
 * offered only their own), a model of the range by its name, and an image from the uploads by its
 * thumbnail. Each stores what the API takes (a slug, a file name); the user never types one.
 */

import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, type SelectInputProps, useGetList, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type * as v from 'valibot';
import type { Upload as UploadShape } from '../../contract/media.ts';
import { api } from '../http.ts';
import { useGroupDealerships } from './lists.tsx';

/**
 * The choices with the record's own value among them: a value the list no longer has (a model since
 * removed) still shows as it is, instead of an empty select and MUI's out-of-range warning.
 */
function withCurrent<T extends { id: string; name: string }>(
  choices: T[],
  current: unknown,
  extra: Omit<T, 'id' | 'name'>,
) {
  if (typeof current !== 'string' || !current || choices.some((c) => c.id === current)) return choices;
  return [...choices, { id: current, name: current, ...extra } as T];
}

/**
 * A dealership by name; `emptyText` offers "none" (e.g. the whole group). Drawn once the dealerships
 * are known, so the record's value is never out of range of the choices.
 */
export function DealershipSelect(props: Omit<SelectInputProps, 'choices'>) {
  const choices = useGroupDealerships();
  if (!choices.length) return null;
  return <SelectInput label="Dealership" {...props} choices={choices} />;
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
  const record = useRecordContext();
  if (isPending) return null;
  const choices = withCurrent(
    (data ?? []).map((m) => ({ id: m.model_slug, name: m.model })),
    record?.[source],
    {},
  );
  return (
    <SelectInput
      source={source}
      label="Model"
      choices={choices}
      isRequired
      onChange={(e) => {
        const picked = choices.find((c) => c.id === e?.target?.value);
        if (picked) setValue(nameSource, picked.name, { shouldDirty: true });
      }}
    />
  );
}

type Upload = v.InferOutput<typeof UploadShape>;

/** The images a special or service deal can show (GET /api/editor/special_images). */
function useSpecialImages() {
  return useQuery({
    queryKey: ['special-images'],
    queryFn: async () =>
      (await api<{ 'hydra:member': Upload[] }>('/api/editor/special_images'))['hydra:member'],
    staleTime: 60_000,
  });
}

/** An image from the uploads, chosen by its thumbnail (the file name beside it). */
export function SpecialImageSelect(props: Omit<SelectInputProps, 'choices'>) {
  const { data, isPending } = useSpecialImages();
  const record = useRecordContext();
  if (isPending) return null;
  const current = props.source ? record?.[props.source] : undefined;
  const choices = withCurrent(
    (data ?? []).map((u) => ({ id: u.file, name: u.file, uri: u.uri })),
    current,
    { uri: `/uploads/specials/${current}` },
  );
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
