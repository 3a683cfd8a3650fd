/**
 * What the content lists share: a list searched with `q` (always shown), sorted by a field, whose rows open
 * the edit form; choices for a select from a list of values; the rand format of price columns.
 */

import { type Theme, useMediaQuery } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Children, type ReactElement, type ReactNode } from 'react';
import { DataTable, type DataTableProps, List, SearchInput, usePermissions } from 'react-admin';
import type { Permissions } from '../auth-provider.ts';
import { api } from '../http.ts';

/** Select choices from values, each labelled by itself or by `labels`. */
export const choicesOf = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((id) => ({ id, name: labels?.[id] ?? id }));

/** Props of a DataTable.NumberCol that shows rands without cents (R 389 900). */
export const RAND = {
  options: { style: 'currency', currency: 'ZAR', maximumFractionDigits: 0 },
  locales: 'en-ZA',
} as const;

export function SearchList({
  sort = 'sort_order',
  order = 'ASC',
  placeholder,
  filters = [],
  perPage,
  children,
}: {
  sort?: string;
  order?: 'ASC' | 'DESC';
  placeholder?: string;
  /** More filters after the search box. */
  filters?: ReactElement[];
  perPage?: number;
  children: ReactNode;
}) {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />, ...filters]}
      sort={{ field: sort, order }}
      perPage={perPage}
    >
      <FitTable rowClick="edit">{children}</FitTable>
    </List>
  );
}

/**
 * A DataTable that fits the screen without scrolling sideways: long unbroken values (ids, slugs) wrap, and
 * a phone shows only the first `phoneColumns` columns (the row opens the whole record).
 */
export function FitTable({
  phoneColumns = 2,
  children,
  sx,
  ...props
}: DataTableProps & { phoneColumns?: number }) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const columns = Children.toArray(children);
  return (
    <DataTable {...props} sx={[{ '& td': { overflowWrap: 'anywhere' } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {phone ? columns.slice(0, phoneColumns) : columns}
    </DataTable>
  );
}

/** The dealerships a select may offer: a dealer user's own (`mine`), else all of them. */
const offeredTo = <T extends { id: string }>(all: T[], mine: readonly string[] | null | undefined) =>
  mine ? all.filter((d) => mine.includes(d.id)) : all;

/**
 * The dealerships of the group as choices (id: slug, name: its name), from the public list, which any
 * role may read; a dealer user is offered only their own. The server still refuses a dealer user's car at
 * another dealership, on the field.
 */
export function useGroupDealerships() {
  const { permissions } = usePermissions<Permissions | null>();
  return offeredTo(useAllDealerships(), permissions?.dealers);
}

/**
 * A dealership's name for its slug in a list's cell (the whole group when none); the slug itself while
 * the names load or for a dealership since removed.
 */
export function DealershipName({ slug }: { slug: string | null | undefined }) {
  const all = useAllDealerships();
  if (!slug) return <>The whole group</>;
  return <>{all.find((d) => d.id === slug)?.name ?? slug}</>;
}

function useAllDealerships() {
  const { data } = useQuery({
    queryKey: ['group-dealerships'],
    queryFn: async () =>
      (await api<{ 'hydra:member': { slug: string; dealerName: string }[] }>('/api/dealers'))['hydra:member'],
    staleTime: 3_600_000,
  });
  return (data ?? []).map((d) => ({ id: d.slug, name: d.dealerName }));
}
