/**
 * "Roll back live" with its confirmation: names the build it goes back to and offers to also restore the
 * items changed since that build (listed), so the data and the site agree again and the next rebuild
 * publishes the same thing. The restore is one batch of revisions, undoable from each item's history.
 */
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { ChangesSince, RestoreResult } from '../../contract/revisions.ts';
import { countOf } from '../../domain/format.ts';
import { api, json } from '../http.ts';
import type { Build } from '../resources/build-data.ts';
import { RESOURCE_LABELS } from './DeletedPage.tsx';
import { when } from './diff.ts';

/** The build a roll back serves: the one published last before the live one (as the server chooses). */
function rollbackTarget(builds: Build[]): Build | undefined {
  const live = builds.find((b) => b.current);
  return builds
    .filter(
      (b) =>
        !b.current &&
        b.status === 'succeeded' &&
        !b.pruned &&
        b.published_at &&
        (!live?.published_at || b.published_at < live.published_at),
    )
    .sort((a, b) => String(b.published_at).localeCompare(String(a.published_at)))[0];
}

const CHANGE_WORDS = {
  created: 'added since: will be deleted',
  changed: 'changed since',
  deleted: 'deleted since: comes back',
};

export function RollbackButton({ builds, disabled }: { builds: Build[] | undefined; disabled?: boolean }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [restore, setRestore] = useState(true);
  const target = rollbackTarget(builds ?? []);
  const { data: since, isPending } = useQuery({
    queryKey: ['changes-since', target?.id],
    queryFn: () => api<ChangesSince>(`/api/editor/changes_since/${target?.id}`),
    enabled: open && Boolean(target),
  });
  const items = since?.items ?? [];
  const go = useMutation({
    mutationFn: async () => {
      await api('/api/builds/rollback', json('POST', {}));
      if (restore && items.length && target)
        return api<RestoreResult>(`/api/editor/changes_since/${target.id}/restore`, { method: 'POST' });
      return null;
    },
    onSuccess: (done) => {
      setOpen(false);
      notify(
        done
          ? `Rolled back, and ${countOf(done.restored.length, 'item')} put back as in that build`
          : 'Rolled back',
        { type: 'success' },
      );
      client.invalidateQueries({ queryKey: ['admin-builds-pending'] });
      return client.invalidateQueries({ queryKey: ['admin-builds'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });

  return (
    <>
      <Button variant="outlined" disabled={disabled || !target} onClick={() => setOpen(true)}>
        Roll back live
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="rollback-title" fullWidth>
        <DialogTitle id="rollback-title">Roll back the live site?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The site goes back to the build published {target?.published_at ? when(target.published_at) : ''}.
          </DialogContentText>
          {isPending && <Typography sx={{ mt: 2 }}>Looking for changes since that build…</Typography>}
          {!isPending && !items.length && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              No content or stock changed since that build.
            </Typography>
          )}
          {items.length > 0 && (
            <>
              <FormControlLabel
                sx={{ mt: 2 }}
                control={<Checkbox checked={restore} onChange={(e) => setRestore(e.target.checked)} />}
                label={`Also restore the ${countOf(items.length, 'item')} changed since, so the next build does not publish ${items.length === 1 ? 'it' : 'them'} again`}
              />
              <List
                dense
                aria-label="Items changed since that build"
                sx={{ maxHeight: 240, overflow: 'auto' }}
              >
                {items.map((i) => (
                  <ListItem key={`${i.resource}/${i.item_id}`} disableGutters>
                    <ListItemText
                      primary={i.label}
                      secondary={`${RESOURCE_LABELS[i.resource]} · ${CHANGE_WORDS[i.change]}`}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={go.isPending || isPending}
            onClick={() => go.mutate()}
          >
            {restore && items.length ? 'Roll back and restore' : 'Roll back'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
