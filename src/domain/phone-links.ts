/** `tel:` and wa.me numbers from a dealership's phone number; no imports, so every page can afford it. */

/** "011 958 1800" -> "tel:0119581800"; a leading + is kept. */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;

/** A South African number in the digits-only international form wa.me wants: "011 958 1800" -> "27119581800". */
export function waNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.startsWith('27')) return digits;
  return digits.startsWith('0') ? `27${digits.slice(1)}` : digits;
}
