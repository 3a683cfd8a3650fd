/**
 * Recently deleted: content and cars deleted in the last DELETED_RETENTION_DAYS, each restorable with its
 * photos after a confirmation (a dealer user sees only their dealership's cars; the server decides).
 */
import {
  Button,
  Card,
  CardContent,
  DialogContentText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import type { HydraCollection } from '../../contract/hydra.ts';
import { type DeletedItem, REVISIONED_RESOURCES, type RestoreResult } from '../../contract/revisions.ts';
import { countOf } from '../../domain/format.ts';
import { api } from '../http.ts';
import { when } from './diff.ts';
import { Confirm, Row } from './parts.tsx';

export const RESOURCE_LABELS: Record<string, string> = {
  blog_posts: 'Blog post',
  specials: 'Special',
  service_deals: 'Service deal',
  banners: 'Banner',
  range_models: 'Range model',
  range_variants: 'Range variant',
  dealers: 'Dealership',
  vehicles: 'Used car',
};

const day = (iso: string) => when(iso).slice(0, 10);

export function DeletedPage() {
  const notify = useNotify();
  const client = useQueryClient();
  const [resource, setResource] = useState('');
  const [asked, setAsked] = useState<DeletedItem | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: ['deleted', resource],
    queryFn: () =>
      api<HydraCollection<DeletedItem>>(`/api/editor/deleted${resource ? `?resource=${resource}` : ''}`),
  });
  const items = data?.['hydra:member'] ?? [];
  const restore = useMutation({
    mutationFn: (d: DeletedItem) =>
      api<RestoreResult>(`/api/editor/deleted/${d.revision_id}/restore`, { method: 'POST' }),
    onSuccess: (done, d) => {
      setAsked(null);
      const more = done.restored.length > 1 ? ` with ${done.restored.length - 1} more` : '';
      notify(
        `${RESOURCE_LABELS[d.resource]} “${d.label}” restored${more}; the site updates with the next build`,
        {
          type: 'success',
        },
      );
      return client.invalidateQueries({ queryKey: ['deleted'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });

  return (
    <Card sx={{ mt: 2, minWidth: 0, maxWidth: '100vw' }}>
      <Title title="Recently deleted" />
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            Recently deleted
          </Typography>
          <TextField
            select
            size="small"
            label="Kind"
            value={resource}
            onChange={(e) => setResource(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">Everything</MenuItem>
            {REVISIONED_RESOURCES.map((r) => (
              <MenuItem key={r} value={r}>
                {RESOURCE_LABELS[r]}s
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Deleted items stay here, with their photos, until the date shown; then they are removed for good.
        </Typography>
        {isPending && <Typography>Loading…</Typography>}
        {error && <Typography color="error">{error.message}</Typography>}
        {!isPending && !items.length && <Typography>Nothing was deleted recently.</Typography>}
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="Deleted items">
          {items.map((d) => (
            <Row
              key={d.revision_id}
              action={
                <Button variant="outlined" onClick={() => setAsked(d)} aria-label={`Restore ${d.label}`}>
                  Restore
                </Button>
              }
            >
              <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {d.label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {RESOURCE_LABELS[d.resource]} · deleted {when(d.deleted_at)} by {d.deleted_by ?? 'the system'}
                {d.photo_count ? ` · ${countOf(d.photo_count, 'photo')}` : ''} · kept until {day(d.purge_at)}
              </Typography>
            </Row>
          ))}
        </Stack>
      </CardContent>
      <Confirm
        id="undelete-title"
        open={Boolean(asked)}
        title={`Restore “${asked?.label}”?`}
        confirm="Restore"
        busy={restore.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && restore.mutate(asked)}
      >
        <DialogContentText>
          The {asked ? RESOURCE_LABELS[asked.resource]?.toLowerCase() : ''} comes back as it was when it was
          deleted
          {asked?.photo_count ? `, with its ${countOf(asked.photo_count, 'photo')}` : ''}, and goes live with
          the next build.
        </DialogContentText>
      </Confirm>
    </Card>
  );
}
