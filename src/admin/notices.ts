/**
 * What the admin says after a save or a delete, in the user's words and naming the thing:
 * "Special “Forester Fest” saved" instead of react-admin's "Element updated".
 */

/** Each resource's one item, as a user calls it. */
export const ITEM_NOUNS: Record<string, string> = {
  specials: 'Special',
  service_deals: 'Service deal',
  blog_posts: 'Blog post',
  banners: 'Banner',
  range_models: 'Model',
  range_variants: 'Variant',
  dealers: 'Dealership',
  fraud_page: 'Fraud warning page',
  vehicles: 'Car',
  staff: 'Staff member',
  api_keys: 'API key',
  leads: 'Lead',
  privacy_requests: 'Privacy request',
};

export type Done = 'saved' | 'added' | 'deleted';

/** "Special “Forester Fest” saved"; without a name: "Special saved". */
export function notice(resource: string, name: unknown, done: Done): string {
  const noun = ITEM_NOUNS[resource] ?? 'Item';
  const text = typeof name === 'string' || typeof name === 'number' ? String(name).trim() : '';
  return text ? `${noun} “${text}” ${done}` : `${noun} ${done}`;
}
