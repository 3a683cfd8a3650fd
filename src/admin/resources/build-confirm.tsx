/**
 * Publish and Discard ask first, saying what will happen: how many pages of the live site the build
 * changes (its page manifest against live), e.g. "Publish 3 changes to the live site?". Cancel does nothing.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { countOf } from '../../domain/format.ts';
import { type Build, useChanges } from './build-data.ts';

export type BuildAction = 'publish' | 'discard';

/** "3 changes" / "1 change" / null while the count is unknown. */
function changeCount(changes: { changed: string[]; added: string[]; removed: string[] } | undefined) {
  if (!changes) return null;
  const n = changes.changed.length + changes.added.length + changes.removed.length;
  return countOf(n, 'change');
}

export function ConfirmBuildAction({
  build,
  action,
  onCancel,
  onConfirm,
}: {
  build: Build | null;
  action: BuildAction;
  onCancel: () => void;
  onConfirm: (b: Build) => void;
}) {
  const { data } = useChanges(build && !build.current ? build.id : undefined);
  const count = changeCount(data);
  const title =
    action === 'publish'
      ? `Publish ${count ?? 'this build'} to the live site?`
      : `Discard ${count ? `this build and its ${count}` : 'this build'}?`;
  const text =
    action === 'publish'
      ? `Build ${build?.id} replaces the live site now${data ? `: ${data.changed.length} pages changed, ${data.added.length} added, ${data.removed.length} removed` : ''}. You can roll back afterwards.`
      : `Build ${build?.id} is thrown away and never goes live. The content stays as it is; the next build includes it again.`;
  return (
    <Dialog open={!!build} onClose={onCancel} aria-labelledby="build-confirm-title">
      <DialogTitle id="build-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={action === 'discard' ? 'error' : 'primary'}
          onClick={() => build && onConfirm(build)}
        >
          {action === 'publish' ? 'Publish' : 'Discard'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
