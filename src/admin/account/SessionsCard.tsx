/**
 * Your sessions: each browser signed in as you, with its address and when it was last used; end one you
 * do not recognise, or all the others at once (after a confirmation naming how many).
 */

import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import type * as v from 'valibot';
import type { AccountSession } from '../../contract/staff-account.ts';
import { formatDateTime } from '../../domain/date-time.ts';
import { api } from '../http.ts';

type Session = v.InferOutput<typeof AccountSession>;

export function SessionsCard() {
  const client = useQueryClient();
  const notify = useNotify();
  const [confirmAll, setConfirmAll] = useState(false);
  const { data, isPending, error } = useQuery({
    queryKey: ['account', 'sessions'],
    queryFn: () => api<{ 'hydra:member': Session[] }>('/api/admin/account/sessions'),
  });
  const sessions = data?.['hydra:member'] ?? [];
  const others = sessions.filter((s) => !s.current);
  const end = useMutation({
    mutationFn: (id: string | null) =>
      api(id ? `/api/admin/account/sessions/${encodeURIComponent(id)}` : '/api/admin/account/sessions', {
        method: 'DELETE',
      }),
    onSuccess: (_r, id) => {
      notify(id ? 'That session has been signed out' : 'Signed out everywhere else', { type: 'info' });
      return client.invalidateQueries({ queryKey: ['account', 'sessions'] });
    },
    onError: (err) =>
      notify(err instanceof Error ? err.message : 'The session could not be ended', { type: 'error' }),
  });

  return (
    <Card component="section" aria-labelledby="sessions-title">
      <CardContent>
        <Typography id="sessions-title" variant="h6" component="h2">
          Where you are signed in
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Times are Johannesburg time. Sign out any session you do not recognise, then change your password.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        )}
        {isPending ? (
          <Typography sx={{ mt: 2 }}>Loading…</Typography>
        ) : (
          <List aria-label="Your sessions" sx={{ mt: 1 }}>
            {sessions.map((s) => (
              <ListItem
                key={s.id}
                divider
                disableGutters
                sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
                aria-label={`${s.device ?? 'Unknown browser'}${s.current ? ' (this device)' : ''}`}
              >
                <ListItemText
                  sx={{ flex: '1 1 16rem', m: 0 }}
                  primary={
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      useFlexGap
                    >
                      <span>{s.device ?? 'Unknown browser'}</span>
                      {s.current && <Chip size="small" color="primary" label="This device" />}
                    </Stack>
                  }
                  secondary={`${s.ip ?? 'address unknown'} · last used ${formatDateTime(s.last_seen_at)} · signed in ${formatDateTime(s.created_at)}`}
                />
                {!s.current && (
                  <Button
                    size="small"
                    color="error"
                    disabled={end.isPending}
                    onClick={() => end.mutate(s.id)}
                  >
                    Sign out
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ mt: 1 }}>
          <Button
            variant="outlined"
            color="error"
            disabled={!others.length || end.isPending}
            onClick={() => setConfirmAll(true)}
          >
            Sign out everywhere else
          </Button>
        </Box>
        <Confirm
          isOpen={confirmAll}
          title="Sign out everywhere else?"
          content={`${others.length} other session${others.length === 1 ? '' : 's'} will end; those browsers must sign in again. This one stays signed in.`}
          confirm="Sign them out"
          onConfirm={() => {
            setConfirmAll(false);
            end.mutate(null);
          }}
          onClose={() => setConfirmAll(false)}
        />
      </CardContent>
    </Card>
  );
}
