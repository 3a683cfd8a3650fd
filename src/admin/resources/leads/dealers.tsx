/** The new-lead badge of the menu item, and the dealerships' names a leads screen shows. */
import InboxIcon from '@mui/icons-material/Inbox';
import { Badge } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../http.ts';

/** The new-lead count on the menu item, asked every minute. */
export function NewLeadsIcon() {
  const { data } = useQuery({
    queryKey: ['admin-leads-count'],
    queryFn: async () => (await api<{ new: number }>('/api/admin/leads/count')).new,
    refetchInterval: 60_000,
  });
  return (
    <Badge color="error" badgeContent={data ?? 0} max={99} title={data ? `${data} new leads` : undefined}>
      <InboxIcon />
    </Badge>
  );
}

/**
 * The dealerships whose leads the signed-in user may see (a dealer user: their own), as choices
 * (id: slug, name: the dealership's name) for the Dealership filter and to name a lead's dealership.
 */
export function useDealerChoices() {
  const { data } = useQuery({
    queryKey: ['lead-dealerships'],
    queryFn: async () =>
      (await api<{ 'hydra:member': { slug: string; name: string }[] }>('/api/admin/leads/dealerships'))[
        'hydra:member'
      ],
    staleTime: 3_600_000,
  });
  return (data ?? []).map((d) => ({ id: d.slug, name: d.name }));
}

/** A dealership's name from its slug (the slug until the names have loaded). */
export function useDealerName() {
  const dealers = useDealerChoices();
  return (slug: string) => dealers.find((d) => d.id === slug)?.name ?? slug;
}
