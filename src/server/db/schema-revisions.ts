/** Revisions of content and stock items (migration 030_revisions, docs/decisions/205-revisions.md). */

import type { REVISION_ACTIONS, REVISION_SOURCES } from '../../contract/revisions.ts';

export type RevisionAction = (typeof REVISION_ACTIONS)[number];
export type RevisionSource = (typeof REVISION_SOURCES)[number];

export interface RevisionsTable {
  id: string; // UUID
  seq: number | string; // order of recording (bigint: PostgreSQL answers a string)
  resource: string; // the editor API's name: specials, blog_posts, vehicles, …
  item_id: number;
  action: RevisionAction;
  label: string; // the item's title (or stock number) at the time, for lists of deleted items
  dealer_slug: string | null; // the item's dealership (used cars), for a dealer user's scope
  before: string | null; // JSON snapshot {fields, photos}; null for a create
  after: string | null; // JSON snapshot; null for a delete
  source: RevisionSource;
  actor_type: 'staff' | 'key' | 'token' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  batch_id: string | null; // one action that changed many items (an import, its undo, a roll back)
  restored_from: string | null; // the revision a restore brought back
  at: string; // ISO date-time
}

export interface RevisionTables {
  revisions: RevisionsTable;
}
