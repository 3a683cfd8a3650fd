/** Admin and finance: see one application's sensitive fields, decrypted on request (each reveal is audited). */
import { Button, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { usePermissions } from 'react-admin';
import { can, type Permissions } from '../../auth-provider.ts';
import type { Lead } from './lead-types.ts';
import { Section } from './parts.tsx';
import { useLeadAction } from './work.tsx';

/** Admin and finance: decrypt this one application's fields (the server records each reveal). */
export function Reveal({ lead }: { lead: Lead }) {
  const { permissions } = usePermissions<Permissions | null>();
  const { busy, run, url } = useLeadAction(lead.id);
  const [fields, setFields] = useState<Record<string, unknown> | null>(null);
  if (!lead.sensitive?.length || !can(permissions, 'leads:reveal')) return null;
  return (
    <Section title="Finance details">
      {fields ? (
        <Table size="small">
          <TableBody>
            {Object.entries(fields).map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th">{k}</TableCell>
                <TableCell>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            Encrypted: {lead.sensitive.join(', ')}. Each reveal is recorded in the audit log.
          </Typography>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={async () => {
              const out = await run(
                `${url}/reveal`,
                { method: 'POST' },
                'Revealed (recorded in the audit log)',
              );
              if (out) setFields((out as { fields: Record<string, unknown> }).fields);
            }}
          >
            Reveal finance details
          </Button>
        </Stack>
      )}
    </Section>
  );
}
