/**
 * Reading a CSV stock file: the header spellings dealer-management exports use, the columns each kind
 * of file needs, and how a cell becomes a value (docs/decisions/064-csv-stock-import.md, 240).
 */
import { parse } from 'csv-parse/sync';
import type { ImportColumn, ImportMode } from '../../contract/stock-import.ts';

const MAX_IMPORT_ROWS = 5000;

/** Header spellings DMS exports use, to our column names. */
const ALIASES: Record<string, ImportColumn> = {
  stock: 'stock_number',
  stockno: 'stock_number',
  stocknumber: 'stock_number',
  stockcode: 'stock_number',
  vin: 'vin',
  vinnumber: 'vin',
  make: 'make',
  model: 'model',
  variant: 'variant',
  derivative: 'variant',
  year: 'year',
  modelyear: 'year',
  mileage: 'mileage',
  km: 'mileage',
  odometer: 'mileage',
  price: 'price',
  sellingprice: 'price',
  colour: 'colour',
  color: 'colour',
  fuel: 'fuel',
  fueltype: 'fuel',
  transmission: 'transmission',
  gearbox: 'transmission',
  body: 'body',
  bodytype: 'body',
  dealership: 'dealership',
  dealer: 'dealership',
  branch: 'dealership',
  photos: 'photos',
  images: 'photos',
  photo: 'photos',
  state: 'state',
  condition: 'state',
  description: 'description',
  comments: 'description',
};
/**
 * A full feed must say which dealerships it is the stock of, and add cars whole; an update only needs to
 * name the cars it changes (a new car in it still needs make, model, year, price and dealership).
 */
const REQUIRED: Record<ImportMode, ImportColumn[]> = {
  full: ['stock_number', 'make', 'model', 'year', 'price', 'dealership'],
  update: ['stock_number'],
};

/** Input field → the CSV column a reason names. */
export const COLUMN_OF: Record<string, ImportColumn> = {
  stock_number: 'stock_number',
  vin: 'vin',
  dealer_slug: 'dealership',
  make: 'make',
  model: 'model',
  variant: 'variant',
  body_type: 'body',
  year: 'year',
  mileage: 'mileage',
  price: 'price',
  transmission: 'transmission',
  fuel_type: 'fuel',
  exterior_color: 'colour',
  state_of_vehicle: 'state',
  description: 'description',
};

export const BODY_WORDS: Record<string, string> = {
  hatchback: 'hatch',
  'station wagon': 'wagon',
  estate: 'wagon',
  'pick-up': 'bakkie',
  pickup: 'bakkie',
  lcv: 'bakkie',
  'double cab': 'bakkie',
  'single cab': 'bakkie',
  'people carrier': 'mpv',
  minivan: 'mpv',
};
export const pick = (options: readonly string[], value: string) =>
  options.find((o) => o.toLowerCase() === value.toLowerCase()) ?? value;
export const number = (s: string) => {
  const t = s.replace(/[\s,]|^R|km$/gi, '');
  return t === '' ? undefined : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : s;
};

export class ImportFileError extends Error {}

/** The header row mapped to columns; an unreadable file or a missing required column throws. */
export function readRows(
  csv: string,
  mode: ImportMode,
): { header: (ImportColumn | null)[]; records: string[][] } {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), {
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (err) {
    throw new ImportFileError(`The file is not readable CSV: ${(err as Error).message}`);
  }
  const [head, ...rest] = records;
  if (!head) throw new ImportFileError('The file is empty; the first line must name the columns.');
  const header = head.map((h) => ALIASES[h.toLowerCase().replace(/[^a-z]/g, '')] ?? null);
  const missing = REQUIRED[mode].filter((c) => !header.includes(c));
  if (missing.length)
    throw new ImportFileError(
      `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}; the first line must name the columns${mode === 'full' ? ' (a full stock list needs stock number, make, model, year, price and dealership)' : ''}.`,
    );
  if (rest.length > MAX_IMPORT_ROWS)
    throw new ImportFileError(
      `The file has ${rest.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
    );
  return { header, records: rest };
}
