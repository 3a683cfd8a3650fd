/**
 * CSV stock import (issue 10 §4): what a dry run found and what an apply did. The same shape for both,
 * so the admin shows one table before and after confirming.
 */
import * as v from 'valibot';
import { context, int, named } from './hydra.ts';

/** The CSV columns, in the order a template file lists them; the first five are required. */
export const IMPORT_COLUMNS = [
  'stock_number',
  'vin',
  'make',
  'model',
  'variant',
  'year',
  'mileage',
  'price',
  'colour',
  'fuel',
  'transmission',
  'body',
  'dealership',
  'photos',
  'state',
  'description',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const ImportRejection = v.object({
  row: v.pipe(int, v.description('Line in the file (the header is line 1).')),
  column: v.pipe(v.string(), v.description('CSV column at fault ("" for the whole row).')),
  message: v.string(),
});
export type ImportRejection = v.InferOutput<typeof ImportRejection>;

/**
 * What the file is: `update` (the default) changes the cars it lists and leaves every other car alone;
 * `full` is the dealership's whole stock, so its cars missing from the file are marked sold.
 */
export const IMPORT_MODES = ['update', 'full'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
const Mode = v.pipe(
  v.picklist(
    IMPORT_MODES,
    'must be update (cars not in the file are left alone) or full (they are marked sold)',
  ),
  v.description(
    'update (default): only the cars in the file change. full: the file is the whole stock of its dealerships, and their cars missing from it are marked sold.',
  ),
);

/** Query of the dry run (POST /api/editor/stock_imports). */
export const StockImportQuery = v.object({ mode: v.optional(Mode, 'update') });

/**
 * Query of apply: a plan that marks more than SOLD_CONFIRM_SHARE of a dealership's cars on sale sold is
 * applied only with the number of cars it marks sold, typed by the user.
 */
export const SOLD_CONFIRM_SHARE = 0.2;
export const StockImportApplyQuery = v.object({
  confirm_sold: v.optional(
    v.pipe(
      v.string(),
      v.description(
        "The number of cars the plan marks sold (its confirm_sold), when it marks more than 20 % of a dealership's cars on sale sold.",
      ),
      v.regex(/^\d{1,6}$/, 'must be the number of cars the import marks sold, as a whole number'),
      v.transform(Number),
    ),
  ),
});

const RowRef = { row: int, stock_number: v.string() };

export const StockImport = named(
  'StockImport',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('StockImport'),
    id: v.pipe(v.string(), v.description('The token to apply this dry run with.')),
    state: v.picklist(['dry_run', 'applied']),
    mode: Mode,
    rows: int,
    added: v.array(v.object(RowRef)),
    changed: v.array(
      v.object({
        ...RowRef,
        id: int,
        fields: v.array(v.string()),
        was: v.pipe(
          v.record(v.string(), v.nullable(v.union([v.string(), v.number()]))),
          v.description('The changed fields as they are now (the file has the new values).'),
        ),
      }),
    ),
    unchanged: int,
    removed: v.pipe(
      v.array(v.object({ id: int, stock_number: v.string(), dealer_slug: v.string() })),
      v.description("Cars of the file's dealerships missing from it: apply marks them sold."),
    ),
    rejected: v.pipe(
      v.array(ImportRejection),
      v.description('Every fault of every rejected row (a row may have several).'),
    ),
    rejected_rows: v.pipe(int, v.description('How many rows are rejected (not how many faults).')),
    sold_share: v.pipe(
      v.array(v.object({ dealer_slug: v.string(), dealer_name: v.string(), on_sale: int, marked_sold: int })),
      v.description('Per dealership the file covers: its cars on sale now, and how many apply marks sold.'),
    ),
    confirm_sold: v.pipe(
      v.nullable(int),
      v.description(
        "Set when the plan marks more than 20 % of a dealership's cars on sale sold: apply then needs ?confirm_sold= this number.",
      ),
    ),
    dealerships: v.pipe(v.array(v.string()), v.description('Dealerships the file covers.')),
    created_at: v.string(),
    applied_at: v.nullable(v.string()),
  }),
  'A CSV stock import: the dry run, or what was applied.',
);
export type StockImport = v.InferOutput<typeof StockImport>;
