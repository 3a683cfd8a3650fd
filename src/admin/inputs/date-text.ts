/**
 * What a form value shows as in an `<input type="date">`: "YYYY-MM-DD", as react-admin's DateInput
 * formats it (ra-ui-materialui 5.15.4). A bare date string is kept as it is; a Date, a timestamp or a
 * longer date string is read as a Date and given as its day in the browser's time zone; no value is null.
 */
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function toDateText(value: unknown): string | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string' && BARE_DATE.test(value)) return value;
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
