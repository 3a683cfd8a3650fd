/**
 * South African ID numbers (YYMMDD SSSS C A Z): 13 digits, a real date of birth, the Luhn check digit,
 * and (for credit) an applicant of at least 18. Pure, so the finance wizard and the API agree.
 */
export type SaIdCheck =
  | { ok: true; dateOfBirth: string; age: number; gender: 'female' | 'male'; citizen: boolean }
  | { ok: false; reason: 'format' | 'date' | 'checksum' | 'minor' };

/** Luhn over all 13 digits (the last is the check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes the first 12 digits a valid ID number (for fixtures and tests). */
export function luhnCheckDigit(first12: string): number {
  for (let c = 0; c <= 9; c++) if (luhnValid(first12 + c)) return c;
  throw new Error('unreachable');
}

function fullYears(from: Date, to: Date): number {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  const beforeBirthday =
    to.getUTCMonth() < from.getUTCMonth() ||
    (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

/**
 * Checks an ID number. The century is the latest one that does not put the birth date in the future
 * (a 2-digit year is ambiguous; the ID number carries nothing better).
 */
export function checkSaIdNumber(raw: string, today: Date = new Date(), minAge = 18): SaIdCheck {
  const id = raw.replace(/\s/g, '');
  if (!/^\d{13}$/.test(id)) return { ok: false, reason: 'format' };
  const yy = Number(id.slice(0, 2));
  const mm = Number(id.slice(2, 4));
  const dd = Number(id.slice(4, 6));
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let year = 2000 + yy;
  if (Date.UTC(year, mm - 1, dd) > now) year -= 100;
  const dob = new Date(Date.UTC(year, mm - 1, dd));
  if (mm < 1 || mm > 12 || dob.getUTCMonth() !== mm - 1 || dob.getUTCDate() !== dd)
    return { ok: false, reason: 'date' };
  const citizenship = id[10];
  if (citizenship !== '0' && citizenship !== '1' && citizenship !== '2')
    return { ok: false, reason: 'format' };
  if (!luhnValid(id)) return { ok: false, reason: 'checksum' };
  const age = fullYears(dob, new Date(now));
  if (age < minAge) return { ok: false, reason: 'minor' };
  return {
    ok: true,
    dateOfBirth: dob.toISOString().slice(0, 10),
    age,
    gender: Number(id.slice(6, 10)) < 5000 ? 'female' : 'male',
    citizen: citizenship === '0',
  };
}

/** What may be shown back: only the last three digits. */
export function maskSaIdNumber(id: string): string {
  const digits = id.replace(/\s/g, '');
  return digits.length <= 3 ? '***' : '*'.repeat(digits.length - 3) + digits.slice(-3);
}
