/**
 * The applied CSV imports, newest first, each with "Undo this import": after a confirmation that shows its
 * counts, every car it added is removed (to Recently deleted) and every car it changed or marked sold goes
 * back as it was before, as one batch.
 */
import { Box, Button, DialogContentText, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { HydraCollection } from '../../contract/hydra.ts';
import type { AppliedImport, RestoreResult } from '../../contract/revisions.ts';
import { countOf } from '../../domain/format.ts';
import { api } from '../http.ts';
import { when } from './diff.ts';
import { Confirm, Row } from './parts.tsx';

const cars = (n: number) => countOf(n, 'car');
const summary = (i: AppliedImport) =>
  `${cars(i.added)} added, ${cars(i.changed)} changed, ${cars(i.marked_sold)} marked sold`;

/** What undoing an import will do, naming only what it did. */
function undoing(i: AppliedImport) {
  const parts = [
    i.added && `${cars(i.added)} it added will be removed (they stay under Recently deleted)`,
    i.changed && `${cars(i.changed)} it changed go back to how they were before it`,
    i.marked_sold && `${cars(i.marked_sold)} it marked sold go back on sale as they were`,
  ].filter(Boolean);
  if (!parts.length) return 'The import changed no car: undoing it changes nothing.';
  return `${parts.join('; ')}. Changes made to those cars since the import are undone too.`;
}

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
          <Row
            key={i.id}
            action={
              !i.undone_at && (
                <Button variant="outlined" color="warning" onClick={() => setAsked(i)}>
                  Undo this import
                </Button>
              )
            }
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Applied {when(i.applied_at)}
              {i.undone_at ? ` · undone ${when(i.undone_at)}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {summary(i)}
            </Typography>
          </Row>
        ))}
      </Stack>
      <Confirm
        id="undo-import-title"
        open={Boolean(asked)}
        title={`Undo the import of ${asked ? when(asked.applied_at) : ''}?`}
        confirm="Undo import"
        color="warning"
        busy={undo.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && undo.mutate(asked)}
      >
        <DialogContentText>{asked && undoing(asked)}</DialogContentText>
      </Confirm>
    </Box>
  );
}
