/**
 * Content changed since the live build, shown as pending until a build carrying it is live: each change
 * (what, which record, who, when) and where it stands (not built yet, building, waiting to be published).
 */
import { Alert, AlertTitle, Badge, Box, Button, List, ListItem, ListItemText } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { formatDateTime } from '../../domain/date-time.ts';
import { countOf } from '../../domain/format.ts';
import { type Build, type PendingContent, usePending } from './build-data.ts';

const VERBS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  import: 'imported',
};

const PHOTO_VERBS: Record<string, string> = {
  upload: 'photos uploaded',
  reorder: 'photos reordered',
  update: 'main photo or alt text changed',
  delete: 'a photo deleted',
};

/** "Specials #4 changed" from content.update on specials/4. */
function describeChange(c: PendingContent['changes'][number]): string {
  const [kind, verb = ''] = c.action.split('.');
  const what = (c.resource ?? kind ?? '').replace(/_/g, ' ');
  const label = what.charAt(0).toUpperCase() + what.slice(1);
  // photo.* are changes to an owner's photos: "Vehicles #5: photos reordered".
  const done = kind === 'photo' ? `: ${PHOTO_VERBS[verb] ?? `photos ${verb}`}` : ` ${VERBS[verb] ?? verb}`;
  return `${label}${c.resource_id ? ` #${c.resource_id}` : ''}${done}`;
}

const when = (s: string) => formatDateTime(s);

export function PendingBadge({ icon }: { icon: ReactElement }) {
  const { data } = usePending();
  const count = data?.total ?? 0;
  return (
    <Badge
      color="warning"
      badgeContent={count}
      max={99}
      invisible={!count}
      title={count ? `${countOf(count, 'change')} not yet live` : undefined}
    >
      {icon}
    </Badge>
  );
}

export function PendingPanel({ builds }: { builds: Build[] | undefined }) {
  const { data } = usePending();
  const [all, setAll] = useState(false);
  if (!data || data.total === 0) return null;
  const cover = builds?.find((b) => b.id === data.covered_by);
  const where = !cover
    ? 'Not in any build yet: start a build to preview and publish them.'
    : cover.status === 'succeeded'
      ? `Built in ${cover.id}, waiting to be published.`
      : `Being built now (${cover.id}).`;
  const shown = all ? data.changes : data.changes.slice(0, 5);
  return (
    <Alert severity="warning" sx={{ mx: 2, mb: 2 }} role="status" aria-label="Pending changes">
      <AlertTitle>
        {data.total} change{data.total === 1 ? '' : 's'} not yet live
      </AlertTitle>
      {where}
      <List dense disablePadding>
        {shown.map((c) => (
          <ListItem key={`${c.at}-${c.action}-${c.resource_id}`} disableGutters>
            <ListItemText primary={describeChange(c)} secondary={`${c.actor ?? 'system'} · ${when(c.at)}`} />
          </ListItem>
        ))}
      </List>
      {data.changes.length > 5 && (
        <Box>
          <Button size="small" color="inherit" onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `Show all ${data.changes.length}`}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
