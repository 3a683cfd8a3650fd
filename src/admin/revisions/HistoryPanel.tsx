/**
 * An item's history on its edit screen: each change with who, when (Johannesburg) and through what, what
 * changed field by field, and "Restore this version" after a confirmation that shows what will change.
 * A restore is itself a revision and queues a rebuild (the server does both).
 */
import HistoryIcon from '@mui/icons-material/History';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Typography,
} from '@mui/material';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useRefresh, useResourceContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { HydraCollection } from '../../contract/hydra.ts';
import type { RestoreResult, Revision } from '../../contract/revisions.ts';
import { api } from '../http.ts';
import { Changes } from './Changes.tsx';
import { ACTION_LABELS, changesOf, SOURCE_LABELS, when } from './diff.ts';
import { Confirm } from './parts.tsx';

const byline = (r: Pick<Revision, 'actor' | 'source' | 'at'>) =>
  `${when(r.at)} · ${r.actor.name ?? (r.actor.type === 'system' ? 'the system' : 'unknown')} ${SOURCE_LABELS[r.source] ?? ''}`;

export function HistoryPanel() {
  const resource = useResourceContext();
  const { id } = useParams();
  const path = `/api/editor/${resource}/${id}/revisions`;
  const notify = useNotify();
  const refresh = useRefresh();
  const client = useQueryClient();
  /** The revision to go back to, and whether to its state after (its version) or just before it. */
  const [asked, setAsked] = useState<{ rev: Revision; before: boolean } | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: ['revisions', resource, id],
    queryFn: () => api<HydraCollection<Revision>>(path),
    enabled: Boolean(resource && id),
  });
  // A save through react-admin is sent when its undo window closes, after this panel has loaded: when
  // any write finishes, the history is asked for again, so it shows the change just saved.
  const writing = useIsMutating();
  const wrote = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to writes starting and finishing only
  useEffect(() => {
    if (writing > 0) wrote.current = true;
    else if (wrote.current) {
      wrote.current = false;
      client.invalidateQueries({ queryKey: ['revisions', resource, id] });
    }
  }, [writing]);
  const revisions = data?.['hydra:member'] ?? [];
  const newest = new Set(revisions.slice(0, 2).map((r) => r.id));
  const current = revisions[0]?.after ?? null;
  const restore = useMutation({
    mutationFn: (a: { rev: Revision; before: boolean }) =>
      api<RestoreResult>(`${path}/${a.rev.id}/restore${a.before ? '?version=before' : ''}`, {
        method: 'POST',
      }),
    onSuccess: (done) => {
      setAsked(null);
      notify(
        `Version restored; the site updates with the next build${done.missing_photos ? ` (${done.missing_photos} photo(s) of it are no longer stored)` : ''}`,
        { type: 'success' },
      );
      refresh();
      return client.invalidateQueries({ queryKey: ['revisions', resource, id] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });
  const target = (a: { rev: Revision; before: boolean }) =>
    a.before ? a.rev.before : (a.rev.after ?? a.rev.before);
  const oldest = revisions.length - 1;

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="history-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <HistoryIcon fontSize="small" />
          <Typography id="history-title" variant="h6" component="h2">
            History
          </Typography>
        </Stack>
        {isPending && <Typography variant="body2">Loading…</Typography>}
        {error && <Typography color="error">{error.message}</Typography>}
        {!isPending && !revisions.length && (
          <Typography variant="body2" color="text.secondary">
            No changes recorded yet.
          </Typography>
        )}
        {revisions.map((r, i) => (
          // The two newest open; the key follows that, so a revision that moves down remounts closed
          // (MUI warns when an uncontrolled Accordion's defaultExpanded changes).
          <Accordion
            key={`${r.id}-${newest.has(r.id) ? 'open' : 'closed'}`}
            disableGutters
            defaultExpanded={newest.has(r.id)}
            data-revision={r.id}
          >
            <AccordionSummary aria-controls={`rev-${r.id}`} id={`rev-${r.id}-head`}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {ACTION_LABELS[r.action]}
                  {i === 0 ? ' (current)' : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {byline(r)}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails id={`rev-${r.id}`}>
              {r.action === 'create' ? (
                <Typography variant="body2">Created with these values.</Typography>
              ) : (
                <Changes changes={changesOf(r.before, r.after)} />
              )}
              {i > 0 && target({ rev: r, before: false }) && (
                <Button size="small" sx={{ mt: 1 }} onClick={() => setAsked({ rev: r, before: false })}>
                  Restore this version
                </Button>
              )}
              {i === oldest && r.before && (
                <Button size="small" sx={{ mt: 1 }} onClick={() => setAsked({ rev: r, before: true })}>
                  Restore the version before this change
                </Button>
              )}
            </AccordionDetails>
          </Accordion>
        ))}
      </CardContent>
      <Confirm
        id="restore-title"
        open={Boolean(asked)}
        title={
          asked?.before
            ? `Restore the version from before ${when(asked.rev.at)}?`
            : `Restore the version of ${asked ? when(asked.rev.at) : ''}?`
        }
        confirm="Restore"
        busy={restore.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && restore.mutate(asked)}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          These fields change back; the restore is recorded in the history and can itself be undone.
        </Typography>
        {asked && <Changes changes={changesOf(current, target(asked))} />}
      </Confirm>
    </Card>
  );
}
