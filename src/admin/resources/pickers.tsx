/**
 * Pickers instead of slugs and file names (decision 250): a dealership by its name (a dealer user is
 * offered only their own), a model of the range by its name, and an image from the uploads by its
 * thumbnail. Each stores what the API takes (a slug, a file name); the user never types one.
 */

import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  SelectInput,
  type SelectInputProps,
  useGetList,
  useRecordContext,
  useWrappedSource,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type * as v from 'valibot';
import type { DrawnFileKind, Upload as UploadShape } from '../../contract/media.ts';
import { brochureUrl, IMAGE_KINDS, type ImageKind, imageUrl } from '../../domain/images.ts';
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

/** The files of one kind a form can name: GET /api/editor/drawn_files/{kind} (special_images for specials). */
function useFiles(path: string) {
  return useQuery({
    queryKey: ['content-files', path],
    queryFn: async () => (await api<{ 'hydra:member': Upload[] }>(path))['hydra:member'],
    staleTime: 60_000,
  });
}

/** "forester-2-5i-sport.webp" → "Forester 2 5i sport": the name a person reads beside the thumbnail. */
function readableFileName(file: string): string {
  const words = file
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : file;
}

/** The smallest stored width of a kind's images, for a thumbnail (the file itself when it has none). */
function thumbnailOf(kind: ImageKind, uri: string) {
  const smallest = IMAGE_KINDS[kind].widths[0];
  return smallest ? uri.replace(/\.webp$/, `-${smallest}.webp`) : uri;
}

interface FileChoice {
  id: string;
  name: string;
  uri: string;
}

/**
 * A file chosen by its thumbnail (or, for a PDF, an icon) and a readable name, its file name in small
 * print beside it. The field's value stays the file name the API takes; a value the list does not have
 * (a file since removed) is still offered as it is (withCurrent).
 */
function FileSelect({
  path,
  kind,
  pdf = false,
  ...props
}: Omit<SelectInputProps, 'choices'> & { path: string; kind?: ImageKind; pdf?: boolean }) {
  const { data, isPending } = useFiles(path);
  const current = useWatch({ name: useWrappedSource(props.source ?? '') });
  if (isPending) return null;
  const choices = withCurrent<FileChoice>(
    (data ?? []).map((u) => ({ id: u.file, name: u.file, uri: u.uri })),
    current,
    { uri: pdf ? brochureUrl(String(current)) : kind ? imageUrl(kind, String(current)) : '' },
  );
  return (
    <SelectInput
      {...props}
      choices={choices}
      optionText={(c: FileChoice) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          {pdf ? (
            <PictureAsPdfIcon color="action" sx={{ width: 36, flexShrink: 0 }} />
          ) : (
            <Box
              component="img"
              src={kind ? thumbnailOf(kind, c.uri) : c.uri}
              alt=""
              loading="lazy"
              sx={{ width: 64, height: 36, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
            />
          )}
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {readableFileName(c.name)}
            </Box>
            <Box
              component="span"
              sx={{
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                fontSize: '0.75rem',
                color: 'text.secondary',
              }}
            >
              {c.name}
            </Box>
          </Box>
        </Box>
      )}
      sx={{ minWidth: { sm: 320 }, maxWidth: '100%' }}
    />
  );
}

/** An image from the uploads a special or service deal can show, chosen by its thumbnail. */
export function SpecialImageSelect(props: Omit<SelectInputProps, 'choices'>) {
  return <FileSelect {...props} path="/api/editor/special_images" kind="special" />;
}

/** A drawn image of one kind (a model's main image, a gallery image, a colour, a banner, a blog post's). */
export function DrawnImageSelect({
  kind,
  ...props
}: Omit<SelectInputProps, 'choices'> & { kind: Exclude<DrawnFileKind, 'brochure'> }) {
  return <FileSelect {...props} path={`/api/editor/drawn_files/${kind}`} kind={kind} />;
}

/** A variant's brochure, from the PDFs under /uploads/files/. */
export function BrochureSelect(props: Omit<SelectInputProps, 'choices'>) {
  return <FileSelect {...props} path="/api/editor/drawn_files/brochure" pdf />;
}
