/**
 * Whether a special, service deal, blog post or banner is on the site today: "Live",
 * "Scheduled from 3 Dec 2026" or "Expired 30 Nov 2026", by the same rule as the public API
 * (domain/content-window.ts) on the group's clock, so what the list says is what the site shows.
 */
import Chip from '@mui/material/Chip';
import { DataTable } from 'react-admin';
import { type ContentWindow, statusLabel, statusOn, todayIn } from '../../domain/content-window.ts';
import { DateInput } from '../inputs/DateInput.tsx';

const COLOUR = { live: 'success', scheduled: 'info', expired: 'default' } as const;

function ContentStatusChip({ item }: { item: ContentWindow }) {
  const status = statusOn(item, todayIn(new Date()));
  return (
    <Chip
      size="small"
      variant={status.state === 'live' ? 'filled' : 'outlined'}
      color={COLOUR[status.state]}
      label={statusLabel(status)}
      data-testid="content-status"
    />
  );
}

/** The list column. */
export const statusCol = (
  <DataTable.Col
    source="status"
    label="On the site"
    disableSort
    render={(r: ContentWindow) => <ContentStatusChip item={r} />}
  />
);

/** The scheduling field of posts and banners: an empty date sends null (on the site at once). */
export function PublishFromInput() {
  return (
    <DateInput
      source="publish_from"
      label="Publish from"
      parse={(value: string) => value || null}
      helperText="Empty: on the site at once. A later day keeps it off the site until that day (Johannesburg time)."
    />
  );
}
