/** Small pieces the leads list and a lead share: the status chip, dates and durations, a titled section. */
import { Card, CardContent, Chip, Typography } from '@mui/material';
import { formatDateTime } from '../../../domain/date-time.ts';
import type { LeadStage } from '../../../domain/lead-workflow.ts';

const STATUS_COLOR: Record<LeadStage, 'info' | 'warning' | 'primary' | 'success' | 'default'> = {
  New: 'info',
  Contacted: 'warning',
  Appointment: 'primary',
  Sold: 'success',
  Lost: 'default',
};

export const StatusChip = ({ status }: { status: LeadStage }) => (
  <Chip size="small" label={status} color={STATUS_COLOR[status]} />
);

/** The one staff format, DD.MM.YYYY HH:mm in Johannesburg (domain/date-time.ts), in the list and the detail. */
export const when = (s: string | null | undefined) => (s ? formatDateTime(s) : '—');
export const shortWhen = (s: string) => formatDateTime(s);
export const minutes = (m: number | null) =>
  m === null ? 'Not yet answered' : m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
