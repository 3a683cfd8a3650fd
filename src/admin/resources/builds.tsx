/**
 * Builds: state, trigger, timing; start one, open a preview inside the admin, publish, roll back,
 * discard. While a build is queued or running the list polls, so progress shows without reloading.
 */
import CloseIcon from '@mui/icons-material/Close';
import {
  Badge,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { api, json } from '../http.ts';

export interface Build {
  id: string;
  status: 'queued' | 'building' | 'succeeded' | 'failed' | 'published' | 'discarded';
  trigger: string;
  current: boolean;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
  published_at: string | null;
  preview_url: string | null;
}

const running = (b: Build) => b.status === 'queued' || b.status === 'building';

/** The builds, polled every 2 s while one runs (and every 30 s otherwise, for changes by others). */
export function useBuilds() {
  return useQuery({
    queryKey: ['admin-builds'],
    queryFn: async () => (await api<{ 'hydra:member': Build[] }>('/api/builds'))['hydra:member'],
    refetchInterval: (q) => (q.state.data?.some(running) ? 2000 : 30_000),
  });
}

/**
 * Content changed since the live build: a build newer than the live one is queued, running, or
 * waiting to be published.
 */
export function pendingOf(builds: Build[] | undefined): Build | undefined {
  if (!builds) return undefined;
  const live = builds.find((b) => b.current);
  return builds.find(
    (b) =>
      (running(b) || b.status === 'succeeded') &&
      !b.current &&
      (!live || b.queued_at > (live.queued_at ?? '')),
  );
}

export function PendingBadge({ icon }: { icon: ReactElement }) {
  const { data } = useBuilds();
  const pending = pendingOf(data);
  return (
    <Badge
      color="warning"
      variant="dot"
      invisible={!pending}
      title={pending ? 'Changes not yet live' : undefined}
    >
      {icon}
    </Badge>
  );
}

const COLORS: Record<Build['status'], 'default' | 'info' | 'success' | 'error' | 'warning' | 'primary'> = {
  queued: 'default',
  building: 'info',
  succeeded: 'warning',
  failed: 'error',
  published: 'success',
  discarded: 'default',
};

const when = (s: string | null) => (s ? new Date(s).toLocaleString('en-ZA') : '—');
const seconds = (b: Build) =>
  b.duration_ms !== null
    ? `${(b.duration_ms / 1000).toFixed(1)} s`
    : b.started_at
      ? `${Math.round((Date.now() - Date.parse(b.started_at)) / 1000)} s so far`
      : '—';

export function BuildsPage() {
  const { data: builds, isPending } = useBuilds();
  const client = useQueryClient();
  const notify = useNotify();
  const [preview, setPreview] = useState<Build | null>(null);
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => api(path, json('POST', body ?? {})),
    onSuccess: (_d, v) => {
      notify(v.path.endsWith('/builds') ? 'Build started' : 'Done', { type: 'success' });
      return client.invalidateQueries({ queryKey: ['admin-builds'] });
    },
    onError: (err: Error) => notify(err.message, { type: 'error' }),
  });
  const pending = pendingOf(builds);

  return (
    <Card sx={{ mt: 2, minWidth: 0, maxWidth: '100vw', overflow: 'hidden' }}>
      <Title title="Builds" />
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          Site builds
        </Typography>
        {pending && (
          <Chip
            color="warning"
            label={running(pending) ? 'Changes are being built' : 'Changes waiting to be published'}
          />
        )}
        <Button
          variant="contained"
          disabled={act.isPending}
          onClick={() => act.mutate({ path: '/api/builds', body: { publish: false } })}
        >
          Build preview
        </Button>
        <Button
          variant="outlined"
          disabled={act.isPending}
          onClick={() => act.mutate({ path: '/api/builds/rollback' })}
        >
          Roll back live
        </Button>
      </Toolbar>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Builds">
          <TableHead>
            <TableRow>
              <TableCell>State</TableCell>
              <TableCell>Trigger</TableCell>
              <TableCell>Queued</TableCell>
              <TableCell>Duration</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending && (
              <TableRow>
                <TableCell colSpan={5}>Loading…</TableCell>
              </TableRow>
            )}
            {builds?.map((b) => (
              <TableRow key={b.id} data-build={b.id} data-status={b.status}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Chip size="small" color={COLORS[b.status]} label={b.status} />
                    {b.current && <Chip size="small" color="success" variant="outlined" label="live" />}
                  </Stack>
                  {b.error && (
                    <Typography variant="caption" color="error" component="div">
                      {b.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{b.trigger}</TableCell>
                <TableCell>{when(b.queued_at)}</TableCell>
                <TableCell>{seconds(b)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    {b.preview_url && (
                      <Button size="small" onClick={() => setPreview(b)}>
                        Preview
                      </Button>
                    )}
                    {b.status === 'succeeded' && (
                      <Button
                        size="small"
                        variant="contained"
                        onClick={() => act.mutate({ path: `/api/builds/${b.id}/publish` })}
                      >
                        Publish
                      </Button>
                    )}
                    {b.status === 'succeeded' && !b.current && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => act.mutate({ path: `/api/builds/${b.id}/discard` })}
                      >
                        Discard
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Dialog fullScreen open={!!preview} onClose={() => setPreview(null)}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography sx={{ flex: 1 }} variant="h6" component="h2">
            Preview of build {preview?.id}
          </Typography>
          {preview?.status === 'succeeded' && (
            <Button
              variant="contained"
              onClick={() => {
                act.mutate({ path: `/api/builds/${preview.id}/publish` });
                setPreview(null);
              }}
            >
              Publish this build
            </Button>
          )}
          <Tooltip title="Close preview">
            <IconButton aria-label="Close preview" onClick={() => setPreview(null)}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
        {preview?.preview_url && (
          <Box
            component="iframe"
            title="Build preview"
            src={preview.preview_url}
            sx={{ border: 0, flex: 1, width: '100%' }}
          />
        )}
      </Dialog>
    </Card>
  );
}
