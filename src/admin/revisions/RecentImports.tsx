/**
 * The applied CSV imports, newest first, each with "Undo this import": after a confirmation that shows its
 * counts, every car it added is removed (to Recently deleted) and every car it changed or marked sold goes
 * back as it was before, as one batch.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { HydraCollection } from '../../contract/hydra.ts';
import type { AppliedImport, RestoreResult } from '../../contract/revisions.ts';
import { api } from '../http.ts';
import { when } from './diff.ts';

const cars = (n: number) => `${n} car${n === 1 ? '' : 's'}`;
const summary = (i: AppliedImport) =>
  `${cars(i.added)} added, ${cars(i.changed)} changed, ${cars(i.marked_sold)} marked sold`;

export function RecentImports() {
  const notify = useNotify();
  const client = useQueryClient();
  const [asked, setAsked] = useState<AppliedImport | null>(null);
  const { data } = useQuery({
    queryKey: ['applied-imports'],
    queryFn: () => api<HydraCollection<AppliedImport>>('/api/editor/stock_imports'),
  });
  const imports = data?.['hydra:member'] ?? [];
  const undo = useMutation({
    mutationFn: (i: AppliedImport) =>
      api<RestoreResult>(`/api/editor/stock_imports/${i.id}/undo`, { method: 'POST' }),
    onSuccess: (done) => {
      setAsked(null);
      notify(`Import undone: ${cars(done.restored.length)} put back; the site updates with the next build`, {
        type: 'success',
      });
      return client.invalidateQueries({ queryKey: ['applied-imports'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });
  if (!imports.length) return null;

  return (
    <Box component="section" aria-labelledby="recent-imports" sx={{ mt: 3 }}>
      <Typography id="recent-imports" variant="h6" component="h2" gutterBottom>
        Recent imports
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {imports.map((i) => (
          <Box
            component="li"
            key={i.id}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1.5,
              display: 'flex',
              gap: 1,
              flexWrap: 'wrap',
              alignItems: 'center',
            }}
          >
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Applied {when(i.applied_at)}
                {i.undone_at ? ` · undone ${when(i.undone_at)}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {summary(i)}
              </Typography>
            </Box>
            {!i.undone_at && (
              <Button variant="outlined" color="warning" onClick={() => setAsked(i)}>
                Undo this import
              </Button>
            )}
          </Box>
        ))}
      </Stack>
      <Dialog open={Boolean(asked)} onClose={() => setAsked(null)} aria-labelledby="undo-import-title">
        <DialogTitle id="undo-import-title">
          Undo the import of {asked ? when(asked.applied_at) : ''}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {asked &&
              `${cars(asked.added)} it added will be removed (they stay under Recently deleted), and ${cars(asked.changed + asked.marked_sold)} it changed or marked sold go back to how they were before it. Changes made to those cars since the import are undone too.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)}>Cancel</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={undo.isPending}
            onClick={() => asked && undo.mutate(asked)}
          >
            Undo import
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
