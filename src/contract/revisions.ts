/**
 * Revisions of content and stock items (docs/decisions/205-revisions.md): each create, update, delete and
 * restore with the item's snapshot before and after, who made it and through what; the deleted items that
 * can still be restored; and the items changed since a build (what a roll back can put back).
 */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

export const REVISION_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
export const REVISION_SOURCES = ['admin', 'api_key', 'csv_import', 'cli'] as const;
/** The editor API's names of what has revisions. */
export const REVISIONED_RESOURCES = [
  'blog_posts',
  'specials',
  'service_deals',
  'banners',
  'range_models',
  'range_variants',
  'dealers',
  'vehicles',
] as const;

const RevisionPhoto = v.object({
  id: v.string(),
  owner_type: v.pipe(
    v.nullable(v.string()),
    v.description('Content images: banner, blog_post, range_variant_colour, …'),
  ),
  owner_key: v.pipe(v.string(), v.description("A variant colour's slug; '' otherwise.")),
  position: int,
  is_main: int,
  alt: v.string(),
  width: int,
  height: int,
  renditions: v.pipe(v.string(), v.description('JSON: the stored renditions (format, width, height, key).')),
  created_at: v.string(),
});

export const RevisionSnapshot = named(
  'RevisionSnapshot',
  v.object({
    fields: v.pipe(
      v.record(v.string(), v.unknown()),
      v.description("The item's fields as its editor endpoint takes them."),
    ),
    photos: v.array(RevisionPhoto),
    created_at: v.optional(v.string()),
  }),
);
export type RevisionSnapshot = v.InferOutput<typeof RevisionSnapshot>;

const RevisionActor = v.object({
  type: v.picklist(['staff', 'key', 'token', 'system']),
  name: v.pipe(
    v.nullable(v.string()),
    v.description("A staff member's e-mail, an API key's name, 'cli:user'."),
  ),
});

export const Revision = named(
  'Revision',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('Revision'),
    id: v.string(),
    resource: v.picklist(REVISIONED_RESOURCES),
    item_id: int,
    action: v.picklist(REVISION_ACTIONS),
    label: v.pipe(v.string(), v.description("The item's title (or stock number) at the time.")),
    source: v.pipe(
      v.picklist(REVISION_SOURCES),
      v.description('Through what: the admin, an API key, the CSV import or the command line.'),
    ),
    actor: RevisionActor,
    batch_id: v.pipe(
      v.nullable(v.string()),
      v.description('Shared by the items one action changed (an import, its undo, a roll back).'),
    ),
    restored_from: v.pipe(v.nullable(v.string()), v.description('The revision a restore brought back.')),
    at: v.string(),
    before: v.nullable(RevisionSnapshot),
    after: v.nullable(RevisionSnapshot),
  }),
);
export type Revision = v.InferOutput<typeof Revision>;

export const DeletedItem = named(
  'DeletedItem',
  v.object({
    '@id': v.string(),
    '@type': v.literal('DeletedItem'),
    revision_id: v.pipe(
      v.string(),
      v.description('Restore with POST /api/editor/deleted/{revision_id}/restore.'),
    ),
    resource: v.picklist(REVISIONED_RESOURCES),
    item_id: int,
    label: v.string(),
    deleted_at: v.string(),
    deleted_by: v.nullable(v.string()),
    source: v.picklist(REVISION_SOURCES),
    photo_count: int,
    purge_at: v.pipe(v.string(), v.description('When it and its photos are removed for good.')),
  }),
);
export type DeletedItem = v.InferOutput<typeof DeletedItem>;

export const RestoreResult = named(
  'RestoreResult',
  v.object({
    ...context,
    '@type': v.literal('RestoreResult'),
    restored: v.array(
      v.object({
        resource: v.picklist(REVISIONED_RESOURCES),
        item_id: int,
        label: v.string(),
        removed: v.boolean(),
      }),
    ),
    revision_ids: v.array(v.string()),
    batch_id: v.nullable(v.string()),
    missing_photos: v.pipe(int, v.description('Photos of that version whose files are no longer stored.')),
  }),
);
export type RestoreResult = v.InferOutput<typeof RestoreResult>;

const ChangedItem = v.object({
  resource: v.picklist(REVISIONED_RESOURCES),
  item_id: int,
  label: v.string(),
  change: v.pipe(
    v.picklist(['created', 'changed', 'deleted']),
    v.description('What happened to it since the build.'),
  ),
  revisions: int,
  before: v.pipe(
    v.optional(v.nullable(RevisionSnapshot)),
    v.description(
      'The item as it was at that build (null: created since). What a field-level diff starts from.',
    ),
  ),
  after: v.pipe(
    v.optional(v.nullable(RevisionSnapshot)),
    v.description('The item as it is now (null: deleted since).'),
  ),
});

export const ChangesSince = named(
  'ChangesSince',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('ChangesSince'),
    build: v.string(),
    since: v.pipe(v.string(), v.description('When that build started reading content.')),
    items: v.array(ChangedItem),
  }),
);
export type ChangesSince = v.InferOutput<typeof ChangesSince>;

export const AppliedImport = named(
  'AppliedImport',
  v.object({
    '@id': v.string(),
    '@type': v.literal('AppliedImport'),
    id: v.string(),
    applied_at: v.string(),
    undone_at: v.nullable(v.string()),
    dealerships: v.array(v.string()),
    added: int,
    changed: int,
    marked_sold: int,
  }),
);
export type AppliedImport = v.InferOutput<typeof AppliedImport>;
