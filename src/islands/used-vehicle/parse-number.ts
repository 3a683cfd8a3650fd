/**
 * Calculator inputs are free text (SPEC §5): read what people type in South Africa ('R489 900',
 * '489,900', '12,5 %') and return null for anything that is not a number, so the island can show a hint.
 */
export function parseNumber(text: string): number | null {
  let t = text.replace(/[R\s\u00a0\u202f%]/gi, '');
  if (t === '') return null;
  // One comma followed by one or two digits is a decimal comma ('12,5'); other commas group thousands.
  if (/^-?\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  else t = t.replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
