/** Pieces the revision screens share: a row of a list with its action, and a confirmation dialog. */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

/** One entry of a list: its text (wrapping) and its action beside it, or below on a phone. */
export function Row({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box
      component="li"
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
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>{children}</Box>
      {action}
    </Box>
  );
}

/** Asks before an action: what it will do (children), Cancel, and the action's own words. */
export function Confirm(props: {
  id: string;
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirm: string;
  busy: boolean;
  color?: 'primary' | 'warning';
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={props.id} fullWidth>
      <DialogTitle id={props.id}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button
          variant="contained"
          color={props.color ?? 'primary'}
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
