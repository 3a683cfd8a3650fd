/**
 * CSV stock import: what a dry run found and what an apply did. The same shape for both,
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

const RowRef = { row: int, stock_number: v.string() };

export const StockImport = named(
  'StockImport',
  v.object({
    ...context,
    '@id': v.string(),
    '@type': v.literal('StockImport'),
    id: v.pipe(v.string(), v.description('The token to apply this dry run with.')),
    state: v.picklist(['dry_run', 'applied']),
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
    rejected: v.array(ImportRejection),
    dealerships: v.pipe(v.array(v.string()), v.description('Dealerships the file covers.')),
    created_at: v.string(),
    applied_at: v.nullable(v.string()),
  }),
  'A CSV stock import: the dry run, or what was applied.',
);
export type StockImport = v.InferOutput<typeof StockImport>;
