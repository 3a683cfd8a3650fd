/** The query parameters of the leads list and its CSV export, as the OpenAPI document describes them. */
const q = (name: string, description: string, array = false) => ({
  name,
  in: 'query' as const,
  required: false,
  description,
  schema: array
    ? { type: 'array' as const, items: { type: 'string' as const } }
    : { type: 'string' as const },
});
export const FILTERS = [
  q('form_name', 'Only this form (contact, used, test-drive, finance, …).'),
  q('kind', 'enquiry or finance.'),
  q('status', 'New, Contacted, Appointment, Sold or Lost.'),
  q('dealer[]', 'Only these dealerships (slugs).', true),
  q('created_at[after]', 'Received on or after (YYYY-MM-DD or ISO date-time).'),
  q('created_at[before]', 'Received on or before (a bare date includes that whole day).'),
  q('q', 'Search by name, e-mail address or phone number.'),
  q('assignee_id', 'Only leads assigned to this staff id; `me` (yourself) or `none` (nobody).'),
];
export const PAGING = [
  q('page', 'Page number, from 1.'),
  q('itemsPerPage', 'Leads per page (1–200, default 30).'),
  q(
    'order[created_at]',
    'asc or desc (default desc). Also order[status], order[dealer_slug], order[form_name].',
  ),
];
