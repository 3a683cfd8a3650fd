/**
 * The leads inbox: the list with filters, search and CSV export of what is filtered; one lead
 * with the person, message, vehicle, deliveries (retry of dead letters), notes and time to first response.
 * Its parts are in ./leads/, one job each.
 */
import { Show } from 'react-admin';
import { NewLeadsIcon } from './leads/dealers.tsx';
import { LeadDetail } from './leads/detail.tsx';
import { LeadList } from './leads/list.tsx';

export const leads = {
  name: 'leads',
  options: { label: 'Leads' },
  icon: NewLeadsIcon,
  recordRepresentation: 'name',
  list: LeadList,
  show: () => (
    <Show actions={false} sx={{ '& .RaShow-card': { background: 'transparent', boxShadow: 'none' } }}>
      <LeadDetail />
    </Show>
  ),
};
