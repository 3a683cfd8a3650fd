/**
 * Finance application status (SPEC §4 'finance application loading/success/error') and its draft on
 * the device (SPEC §4 'get and save finance application', localStorage `finance_application`).
 * The draft never holds FINANCE_DEVICE_EXCLUDED (ID number, bank details: DESIGN §5 POPIA).
 */
import { FINANCE_DEVICE_EXCLUDED } from '../../contract/forms/finance.ts';
import { submitStore } from './lead-status.ts';

export const finance = submitStore();

const FINANCE_STORAGE_KEY = 'finance_application';

export type FinanceDraft = Record<string, string | boolean>;

const EXCLUDED: ReadonlySet<string> = new Set(FINANCE_DEVICE_EXCLUDED);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What may be kept on the device: non-empty values, without the excluded fields. */
function draftOf(data: FinanceDraft): FinanceDraft {
  const out: FinanceDraft = {};
  for (const [k, v] of Object.entries(data)) if (!EXCLUDED.has(k) && v !== '' && v !== false) out[k] = v;
  return out;
}

export function saveFinanceDraft(data: FinanceDraft): void {
  const draft = draftOf(data);
  try {
    if (Object.keys(draft).length) storage()?.setItem(FINANCE_STORAGE_KEY, JSON.stringify(draft));
    else storage()?.removeItem(FINANCE_STORAGE_KEY);
  } catch {
    // storage full or blocked: the form still works, it is only not kept
  }
}

/** The saved draft (only string and boolean values, never an excluded field), or null. */
export function readFinanceDraft(): FinanceDraft | null {
  try {
    const raw = storage()?.getItem(FINANCE_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const out: FinanceDraft = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (!EXCLUDED.has(k) && (typeof v === 'string' || typeof v === 'boolean')) out[k] = v;
    }
    return Object.keys(out).length ? out : null;
  } catch {
    return null;
  }
}

export function clearFinanceDraft(): void {
  try {
    storage()?.removeItem(FINANCE_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
