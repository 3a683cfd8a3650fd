/**
 * The submission state shared by the enquiry and finance stores (SPEC §4): idle, then loading (the
 * button shows it), then success (the server's record) or error (field violations, or a message when
 * the failure was not the visitor's: network, server, rate limit).
 */
import { atom, type WritableAtom } from 'nanostores';
import type { Violation } from '../../contract/index.ts';

type SubmitStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SubmitState {
  status: SubmitStatus;
  violations: Violation[];
  /** A problem that belongs to no field (network, server, rate limit). */
  message: string | null;
  /** The stored record of a successful submission. */
  response: Record<string, unknown> | null;
}

const IDLE: SubmitState = { status: 'idle', violations: [], message: null, response: null };

export function submitStore() {
  const $state: WritableAtom<SubmitState> = atom<SubmitState>(IDLE);
  return {
    $state,
    loading: () => $state.set({ ...IDLE, status: 'loading' }),
    success: (response: Record<string, unknown>) => $state.set({ ...IDLE, status: 'success', response }),
    error: (violations: Violation[], message: string | null = null) =>
      $state.set({ ...IDLE, status: 'error', violations, message }),
    /** Editing a field clears its error (and the message once nothing is left). */
    clearField: (field: string) => {
      const s = $state.get();
      if (!s.violations.some((v) => v.propertyPath === field)) return;
      const violations = s.violations.filter((v) => v.propertyPath !== field);
      $state.set({ ...s, violations, status: violations.length || s.message ? s.status : 'idle' });
    },
    reset: () => $state.set(IDLE),
  };
}
