/**
 * Working a lead: its status moves (only those the workflow allows, src/domain/lead-workflow.ts), its
 * assignee and a note. Every change goes through /api/admin/leads, which checks the move and the
 * dealership again; its message is shown when it refuses.
 */
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { NEXT_STAGES } from '../../../domain/lead-workflow.ts';
import { api, json } from '../../http.ts';
import { useDealerName } from './dealers.tsx';
import type { Lead } from './lead-types.ts';
import { Section } from './parts.tsx';

/** Sends one change and shows the server's own message when it refuses. */
export function useLeadAction(id: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(path: string, init: RequestInit, done: string) {
      setBusy(true);
      try {
        const out = await api(path, init);
        notify(done, { type: 'success' });
        refresh();
        queries.invalidateQueries({ queryKey: ['admin-leads-count'] });
        return out;
      } catch (err) {
        notify((err as Error).message, { type: 'error' });
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    url: `/api/admin/leads/${encodeURIComponent(id)}`,
  };
}

/** The staff the server would accept as this lead's assignee (its dealership's, not disabled). */
function useAssignees(lead: Lead) {
  const { data } = useQuery({
    queryKey: ['lead-assignees', lead.id],
    queryFn: async () =>
      (
        await api<{ 'hydra:member': { id: string; name: string; role: string }[] }>(
          `/api/admin/leads/${encodeURIComponent(lead.id)}/assignees`,
        )
      )['hydra:member'],
  });
  return data;
}

function AssigneePicker({ lead }: { lead: Lead }) {
  const staff = useAssignees(lead);
  const dealerName = useDealerName();
  const { busy, run, url } = useLeadAction(lead.id);
  const current = lead.assignee?.id ?? '';
  // Someone assigned before they left the dealership still shows, so the picker never lies.
  const options = [...(staff ?? [])];
  if (lead.assignee && !options.some((s) => s.id === lead.assignee?.id))
    options.push({ id: lead.assignee.id, name: lead.assignee.name, role: '' });
  return (
    <TextField
      select
      label="Assigned to"
      value={staff ? current : ''}
      disabled={busy || !staff}
      onChange={(e) => {
        const id = e.target.value || null;
        const name = options.find((s) => s.id === id)?.name;
        run(url, json('PATCH', { assignee_id: id }), id ? `Assigned to ${name}` : 'Unassigned');
      }}
      helperText={
        staff && staff.length === 0
          ? `Nobody is linked to ${dealerName(lead.dealer_slug)} yet (an admin links staff under Staff).`
          : `Staff of ${dealerName(lead.dealer_slug)}`
      }
      sx={{ maxWidth: 360 }}
    >
      <MenuItem value="">Nobody</MenuItem>
      {options.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function WorkLead({ lead }: { lead: Lead }) {
  const [note, setNote] = useState('');
  const { busy, run, url } = useLeadAction(lead.id);
  const send = async (body: Record<string, unknown>, done: string) => {
    const text = note.trim();
    const out = await run(url, json('PATCH', text ? { ...body, note: text } : body), done);
    if (out) setNote('');
  };
  const next = NEXT_STAGES[lead.status];
  return (
    <Section title="Work this lead">
      <Stack spacing={2}>
        <AssigneePicker lead={lead} />
        <TextField
          label="Note"
          multiline
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          helperText="Added with a status move, or on its own"
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {next.map((s) => (
            <Button
              key={s}
              variant="contained"
              disabled={busy}
              color={s === 'Lost' ? 'inherit' : 'primary'}
              onClick={() => send({ status: s }, `Moved to ${s}`)}
            >
              Move to {s}
            </Button>
          ))}
          <Button variant="outlined" disabled={busy || !note.trim()} onClick={() => send({}, 'Note added')}>
            Add note
          </Button>
        </Stack>
        {next.length === 0 && <Typography color="text.secondary">{lead.status} is final.</Typography>}
      </Stack>
    </Section>
  );
}
