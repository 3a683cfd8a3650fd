/**
 * A build's preview inside the admin, beside what it changes against the live site: pages added,
 * removed and changed (from the build's page manifest). A changed or added page opens in the frame;
 * a removed one is only listed (it is not in this build).
 */
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangesSince } from '../../contract/revisions.ts';
import { api } from '../http.ts';
import { Changes } from '../revisions/Changes.tsx';
import { changesOf } from '../revisions/diff.ts';
import { type Build, useChanges } from './build-data.ts';

const CHANGE_WORDS = { created: 'added', changed: 'changed', deleted: 'deleted' } as const;

/**
 * What the content behind the pages changed since the live build read it, field by field (old → new),
 * from the revisions (GET /api/editor/changes_since/{live}): what an editor recognises, where the page
 * paths below only say where it shows.
 */
function ContentChanges({ against }: { against: string }) {
  const { data } = useQuery({
    queryKey: ['changes-since', against],
    queryFn: () => api<ChangesSince>(`/api/editor/changes_since/${encodeURIComponent(against)}`),
    retry: false,
  });
  if (!data?.items.length) return null;
  return (
    <List
      dense
      aria-label="Content changes"
      subheader={
        <ListSubheader disableSticky>
          Content changed since the live build ({data.items.length})
        </ListSubheader>
      }
    >
      {data.items.map((i) => (
        <Box component="li" key={`${i.resource}/${i.item_id}`} sx={{ px: 2, py: 1, listStyle: 'none' }}>
          <Typography variant="subtitle2" component="h3">
            {i.label}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              ({CHANGE_WORDS[i.change]})
            </Typography>
          </Typography>
          <Changes changes={changesOf(i.before ?? null, i.after ?? null)} />
        </Box>
      ))}
    </List>
  );
}

function ChangeList({
  build,
  onOpen,
  current,
}: {
  build: Build;
  onOpen: (path: string) => void;
  current: string;
}) {
  const { data, error, isPending } = useChanges(build.id);
  if (build.current) return <Alert severity="info">This build is the live site.</Alert>;
  if (isPending) return <Typography sx={{ p: 2 }}>Comparing with the live site…</Typography>;
  if (error) return <Alert severity="warning">{error.message}</Alert>;
  if (!data) return null;
  const groups = [
    ['Changed', data.changed, true],
    ['Added', data.added, true],
    ['Removed', data.removed, false],
  ] as const;
  const none = groups.every(([, paths]) => paths.length === 0);
  return (
    <Box aria-label="Changes against live" role="region">
      <Typography variant="body2" sx={{ px: 2, pt: 1.5 }}>
        Against live build {data.against}: {data.changed.length} changed, {data.added.length} added,{' '}
        {data.removed.length} removed, {data.unchanged} unchanged.
      </Typography>
      {none && (
        <Alert severity="info" sx={{ m: 2 }}>
          No page differs from the live site.
        </Alert>
      )}
      <ContentChanges against={data.against} />
      {groups.map(
        ([label, paths, openable]) =>
          paths.length > 0 && (
            <List
              key={label}
              dense
              aria-label={`${label} pages`}
              subheader={
                <ListSubheader disableSticky>
                  {label} ({paths.length})
                </ListSubheader>
              }
            >
              {paths.map((path) => (
                <ListItemButton
                  key={path}
                  disabled={!openable}
                  selected={openable && path === current}
                  onClick={() => onOpen(path)}
                >
                  <ListItemText
                    primary={path}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
                  />
                </ListItemButton>
              ))}
            </List>
          ),
      )}
    </Box>
  );
}

export function BuildPreview({
  build,
  onClose,
  onPublish,
  showChanges = false,
}: {
  build: Build | null;
  onClose: () => void;
  onPublish: (b: Build) => void;
  showChanges?: boolean;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [path, setPath] = useState('/');
  const [panel, setPanel] = useState<boolean | null>(null);
  const open = panel ?? (showChanges || wide);
  const close = () => {
    setPath('/');
    setPanel(null);
    onClose();
  };
  const src = build?.preview_url ? `${build.preview_url.replace(/\/$/, '')}${path}` : null;
  return (
    <Dialog fullScreen open={!!build} onClose={close} aria-labelledby="build-preview-title">
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Typography id="build-preview-title" sx={{ flex: 1, minWidth: 160 }} variant="h6" component="h2">
          Preview of build {build?.id}
        </Typography>
        <Button variant="outlined" onClick={() => setPanel(!open)} aria-pressed={open}>
          {open ? 'Hide changes' : 'What changed'}
        </Button>
        {build?.status === 'succeeded' && (
          <Button
            variant="contained"
            onClick={() => {
              onPublish(build);
              close();
            }}
          >
            Publish this build
          </Button>
        )}
        <Tooltip title="Close preview">
          <IconButton aria-label="Close preview" onClick={close}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
      <Box sx={{ display: 'flex', flexDirection: wide ? 'row' : 'column', flex: 1, minHeight: 0 }}>
        {build && open && (
          <Box
            sx={{
              width: wide ? 340 : '100%',
              maxHeight: wide ? 'none' : '45vh',
              overflowY: 'auto',
              borderRight: wide ? 1 : 0,
              borderBottom: wide ? 0 : 1,
              borderColor: 'divider',
              flexShrink: 0,
            }}
          >
            <ChangeList
              build={build}
              current={path}
              onOpen={(p) => {
                setPath(p);
                if (!wide) setPanel(false);
              }}
            />
          </Box>
        )}
        {src ? (
          <Box
            component="iframe"
            title="Build preview"
            src={src}
            sx={{ border: 0, flex: 1, width: '100%' }}
          />
        ) : (
          <Alert severity="info" sx={{ m: 2 }}>
            This build has no files to preview any more.
          </Alert>
        )}
      </Box>
    </Dialog>
  );
}
