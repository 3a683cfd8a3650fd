/** The leads list: filters, search, delivery at a glance, and CSV export of what is filtered. */
import { Box, Button, type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { LEAD_FORMS } from '../../../domain/lead-presets.ts';
import { LEAD_STAGES } from '../../../domain/lead-workflow.ts';
import { API_RESOURCES } from '../../api-paths.ts';
import { filterQuery } from '../../data-provider.ts';
import { DateInput } from '../../inputs/DateInput.tsx';
import { DeliveryNotice, useUnconfigured } from '../delivery-health.tsx';
import { useDealerChoices, useDealerName } from './dealers.tsx';
import { notSetUp } from './deliveries.tsx';
import type { Delivery, Lead } from './lead-types.ts';
import { minutes, StatusChip, shortWhen, when } from './parts.tsx';

const formChoices = LEAD_FORMS.map((id) => ({ id, name: id }));
const statusChoices = LEAD_STAGES.map((id) => ({ id, name: id }));
// `me` and `none` are the server's own values (GET /api/admin/leads?assignee_id=…).
const assigneeChoices = [
  { id: 'me', name: 'Me' },
  { id: 'none', name: 'Nobody' },
];

/** The filtered list as CSV, from the server (the same filters, every page). */
function ExportCsv() {
  const { filterValues } = useListContext();
  const q = filterQuery(API_RESOURCES.leads as (typeof API_RESOURCES)[string], filterValues);
  return (
    <Button size="small" href={`/api/admin/leads/export.csv?${q}`} download>
      Export CSV
    </Button>
  );
}

/** One line a channel; a dead letter in the error colour, so it stands out in a long list. */
function DeliverySummary({ delivery }: { delivery: Delivery[] }) {
  const off = useUnconfigured();
  return (
    <>
      {delivery.map((d) => (
        <Box
          key={d.channel}
          component="span"
          sx={{
            display: 'block',
            whiteSpace: 'nowrap',
            color: d.status === 'dead' ? 'error.main' : undefined,
          }}
        >
          {d.channel === 'email' ? 'E-mail' : 'Webhook'}:{' '}
          {notSetUp(d, off) ? 'not sent (not set up)' : d.status}
        </Box>
      ))}
    </>
  );
}

export function LeadList() {
  const dealers = useDealerChoices();
  const dealerName = useDealerName();
  // A phone gets one line per lead instead of a table wider than the screen; beside the menu on a laptop
  // (below 1200 px) the subject waits for the detail, so the table fits without scrolling sideways.
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('lg'));
  const off = useUnconfigured();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name, e-mail or phone" />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput
      key="assignee_id"
      source="assignee_id"
      label="Assigned to"
      choices={assigneeChoices}
      alwaysOn
    />,
    <SelectInput key="form_name" source="form_name" label="Form" choices={formChoices} />,
    <SelectInput key="dealer" source="dealer" label="Dealership" choices={dealers} />,
    <DateInput key="after" source="after" label="Received from" />,
    <DateInput key="before" source="before" label="Received until" />,
  ];
  return (
    <>
      <Box sx={{ mt: 1 }}>
        <DeliveryNotice />
      </Box>
      <List
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={
          <TopToolbar>
            <FilterButton />
            <ExportCsv />
          </TopToolbar>
        }
        exporter={false}
        // A table wider than the space beside the menu scrolls in its card, not the whole page: with
        // width 0 / min-width 100% its width no longer pushes the layout wider than the window.
        // Narrower cell padding below 1200 px lets the whole row, delivery included, fit at 1024 px.
        sx={{
          '& .RaList-content': { width: 0, minWidth: '100%', overflowX: 'auto' },
          '& .MuiTableCell-root': { px: { sm: 1, lg: 2 } },
        }}
      >
        {small ? (
          <SimpleList<Lead>
            linkType="show"
            primaryText={(r) => r.name}
            secondaryText={(r) =>
              [
                r.form_name,
                dealerName(r.dealer_slug),
                when(r.created_at),
                r.assignee && `→ ${r.assignee.name}`,
                r.delivery.some((d) => d.status === 'dead') && 'not delivered',
                r.delivery.some((d) => notSetUp(d, off)) && 'not sent: e-mail is not set up',
              ]
                .filter(Boolean)
                .join(' · ')
            }
            tertiaryText={(r) => <StatusChip status={r.status} />}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick="show">
            <DataTable.Col
              source="created_at"
              label="Received"
              render={(r: Lead) => <Box sx={{ whiteSpace: 'nowrap' }}>{shortWhen(r.created_at)}</Box>}
            />
            <DataTable.Col source="status" render={(r: Lead) => <StatusChip status={r.status} />} />
            <DataTable.Col source="name" disableSort />
            <DataTable.Col source="form_name" label="Form" />
            {wide && <DataTable.Col source="subject" disableSort />}
            {/* A user of one dealership knows whose leads these are. */}
            {dealers.length !== 1 && (
              <DataTable.Col
                source="dealer_slug"
                label="Dealership"
                render={(r: Lead) => dealerName(r.dealer_slug)}
              />
            )}
            <DataTable.Col
              source="assignee"
              label="Assigned to"
              disableSort
              render={(r: Lead) => r.assignee?.name ?? '—'}
            />
            <DataTable.Col
              source="response_minutes"
              label="First response"
              disableSort
              render={(r: Lead) => (r.response_minutes === null ? '—' : minutes(r.response_minutes))}
            />
            <DataTable.Col
              source="delivery"
              label="Delivery"
              disableSort
              render={(r: Lead) => (r.delivery.length ? <DeliverySummary delivery={r.delivery} /> : '—')}
            />
          </DataTable>
        )}
      </List>
    </>
  );
}
