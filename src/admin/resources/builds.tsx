/**
 * Builds: state, trigger, who started it, duration and page count; live progress while
 * one runs; content not yet live; a preview inside the admin beside what the build changes against live;
 * publish, roll back and discard. Phones get one card per build instead of the table.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { formatDateTime } from '../../domain/date-time.ts';
import { api, json } from '../http.ts';
import { RollbackButton } from '../revisions/RollbackButton.tsx';
import { type BuildAction, ConfirmBuildAction } from './build-confirm.tsx';
import { type Build, running, useBuilds } from './build-data.ts';
import { PendingPanel } from './build-pending.tsx';
import { BuildPreview } from './build-preview.tsx';

export { PendingBadge } from './build-pending.tsx';

const COLORS: Record<Build['status'], 'default' | 'info' | 'success' | 'error' | 'warning' | 'primary'> = {
  queued: 'default',
  building: 'info',
  succeeded: 'warning',
  failed: 'error',
  published: 'success',
  discarded: 'default',
};
const LABELS: Record<Build['status'], string> = {
  queued: 'queued',
  building: 'building',
  succeeded: 'preview',
  failed: 'failed',
  published: 'published',
  discarded: 'discarded',
};

const when = (s: string | null) => (s ? formatDateTime(s) : '—');
const duration = (b: Build) =>
  b.duration_ms !== null
    ? `${(b.duration_ms / 1000).toFixed(1)} s`
    : b.started_at
      ? `${Math.round((Date.now() - Date.parse(b.started_at)) / 1000)} s so far`
      : '—';
const startedBy = (b: Build) =>
  b.started_by ?? (b.trigger === 'content' ? 'content change' : b.trigger === 'manual' ? '—' : b.trigger);

function State({ b }: { b: Build }) {
  const p = b.progress;
  const pct = p?.expected_pages ? Math.min(99, Math.round((p.pages_written / p.expected_pages) * 100)) : null;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip size="small" color={COLORS[b.status]} label={LABELS[b.status]} />
        {b.current && <Chip size="small" color="success" variant="outlined" label="live" />}
      </Stack>
      {running(b) && (
        <Box sx={{ mt: 1, minWidth: 140 }}>
          <LinearProgress
            variant={pct === null ? 'indeterminate' : 'determinate'}
            value={pct ?? undefined}
            aria-label={`Build ${b.id} progress`}
          />
          <Typography variant="caption" color="text.secondary">
            {b.status === 'queued'
              ? 'waiting to start'
              : p
                ? `${p.pages_written}${p.expected_pages ? ` of ~${p.expected_pages}` : ''} pages`
                : 'starting'}
          </Typography>
        </Box>
      )}
      {b.error && (
        <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5 }}>
          {b.error}
        </Typography>
      )}
    </Box>
  );
}

function Actions({
  b,
  ask,
  open,
}: {
  b: Build;
  ask: (b: Build, action: BuildAction) => void;
  open: (b: Build, changes: boolean) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
      {b.preview_url && (
        <Button size="small" onClick={() => open(b, false)}>
          Preview
        </Button>
      )}
      {b.preview_url && !b.current && (
        <Button size="small" onClick={() => open(b, true)}>
          Changes
        </Button>
      )}
      {b.status === 'succeeded' && (
        <Button size="small" variant="contained" onClick={() => ask(b, 'publish')}>
          Publish
        </Button>
      )}
      {b.status === 'succeeded' && !b.current && (
        <Button size="small" color="error" onClick={() => ask(b, 'discard')}>
          Discard
        </Button>
      )}
    </Stack>
  );
}

export function BuildsPage() {
  const { data: builds, isPending } = useBuilds();
  const client = useQueryClient();
  const notify = useNotify();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [preview, setPreview] = useState<{ build: Build; changes: boolean } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => api(path, json('POST', body ?? {})),
    onSuccess: (_d, v) => {
      const what = v.path.endsWith('/builds')
        ? 'Build started'
        : v.path.endsWith('/publish')
          ? 'Published: the build is live'
          : v.path.endsWith('/rollback')
            ? 'Rolled back'
            : 'Discarded';
      notify(what, { type: 'success' });
      client.invalidateQueries({ queryKey: ['admin-builds-pending'] });
      return client.invalidateQueries({ queryKey: ['admin-builds'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });
  const act = (path: string, body?: unknown) => mutation.mutate({ path, body });
  const open = (build: Build, changes: boolean) => setPreview({ build, changes });
  const [confirm, setConfirm] = useState<{ build: Build; action: BuildAction } | null>(null);
  const ask = (build: Build, action: BuildAction) => setConfirm({ build, action });
  const row = (b: Build) => ({ 'data-build': b.id, 'data-status': b.status });

  return (
    <Card sx={{ mt: 2, minWidth: 0, maxWidth: '100vw', overflow: 'hidden' }}>
      <Title title="Builds" />
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          Site builds
        </Typography>
        <Button
          variant="contained"
          disabled={mutation.isPending}
          onClick={() => act('/api/builds', { publish: false })}
        >
          Build preview
        </Button>
        <RollbackButton builds={builds} disabled={mutation.isPending} />
      </Toolbar>
      <PendingPanel builds={builds} />
      {isPending && <Typography sx={{ p: 2 }}>Loading…</Typography>}
      {phone ? (
        <Stack spacing={1} sx={{ p: 1 }} aria-label="Builds" role="list">
          {builds?.map((b) => (
            <Card key={b.id} variant="outlined" role="listitem" {...row(b)}>
              <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
                <State b={b} />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {b.trigger} · {startedBy(b)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {when(b.queued_at)} · {duration(b)}
                  {b.pages !== null ? ` · ${b.pages} pages` : ''}
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <Actions b={b} ask={ask} open={open} />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Builds">
            <TableHead>
              <TableRow>
                <TableCell>State</TableCell>
                <TableCell>Trigger</TableCell>
                <TableCell>Started by</TableCell>
                <TableCell>Queued</TableCell>
                <TableCell>Duration</TableCell>
                <TableCell align="right">Pages</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {builds?.map((b) => (
                <TableRow key={b.id} {...row(b)}>
                  <TableCell>
                    <State b={b} />
                  </TableCell>
                  <TableCell>{b.trigger}</TableCell>
                  <TableCell>{startedBy(b)}</TableCell>
                  <TableCell>{when(b.queued_at)}</TableCell>
                  <TableCell>{duration(b)}</TableCell>
                  <TableCell align="right">{b.pages ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Actions b={b} ask={ask} open={open} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <BuildPreview
        build={preview?.build ?? null}
        showChanges={preview?.changes}
        onClose={() => setPreview(null)}
        onPublish={(b) => ask(b, 'publish')}
      />
      <ConfirmBuildAction
        build={confirm?.build ?? null}
        action={confirm?.action ?? 'publish'}
        onCancel={() => setConfirm(null)}
        onConfirm={(b) => {
          act(`/api/builds/${b.id}/${confirm?.action ?? 'publish'}`);
          setConfirm(null);
        }}
      />
    </Card>
  );
}
