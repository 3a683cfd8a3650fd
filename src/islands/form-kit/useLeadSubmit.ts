/**
 * The submit flow every lead form shares (SPEC §5, §7, §8): check the body with the shared schema,
 * send it under one Idempotency-Key per filled form (kept across retries, renewed after a success),
 * show the in-flight state, put the server's violations on their fields, move focus to the first
 * invalid field or to the error summary, and open the thank-you page on success. The forms only say
 * what they send and how their errors are laid out (the finance wizard spreads them over steps).
 */
import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type LeadPath, newIdempotencyKey, postLead, retryAfterText } from '../../client/lead-client.ts';
import type { submitStore } from '../../client/stores/lead-status.ts';
import type { Validation } from '../../contract/forms/common.ts';
import type { Violation } from '../../contract/index.ts';
import { paths } from '../../domain/urls.ts';
import { focusField } from './ErrorSummary.tsx';
import { focusQuietly, prefersReducedMotion } from './focus.ts';

type Store = ReturnType<typeof submitStore>;

export interface LeadSubmitOptions {
  path: LeadPath;
  store: Store;
  /** Id prefix of the form's fields. */
  formId: string;
  /**
   * Where focus goes after a failed check: 'field' focuses the first invalid field on the page (else
   * the summary `#{formId}-error-summary`); 'summary' scrolls `scrollTarget` into view and focuses
   * `summary` (the finance banner, an alert).
   */
  focus: 'field' | 'summary';
  summary?: RefObject<HTMLElement | null>;
  scrollTarget?: RefObject<HTMLElement | null>;
  /** Orders (and may filter) violations before they are shown; the finance wizard picks a step here. */
  arrange?: (violations: Violation[]) => Violation[];
  /** Fields on the page, in order: the first of these in the list gets focus. */
  fields: ReadonlySet<string>;
  /** The button's text, named in the retry message. */
  submitLabel: string;
  /** "several enquiries", "Too many applications…": the rate-limit message. */
  rateLimitText: (wait: string) => string;
  /** "Everything you typed is still here." */
  keptText: string;
  /** Runs before the thank-you page opens (the finance wizard clears its draft). */
  onSuccess?: () => void;
}

export function useLeadSubmit(o: LeadSubmitOptions) {
  const state = useStore(o.store.$state);
  const loading = state.status === 'loading';
  const key = useRef('');
  const [focusTick, setFocusTick] = useState(0);
  const [announce, setAnnounce] = useState('');
  const opts = useRef(o);
  opts.current = o;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each failed check or answer
  useEffect(() => {
    if (!focusTick) return;
    const { focus, formId, fields, summary, scrollTarget } = opts.current;
    const violations = o.store.$state.get().violations;
    if (focus === 'summary') {
      scrollTarget?.current?.scrollIntoView({
        block: 'start',
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      });
      focusQuietly(summary?.current);
      return;
    }
    const first = violations.find((v) => fields.has(v.propertyPath));
    if (!first || !focusField(formId, first.propertyPath))
      document.getElementById(`${formId}-error-summary`)?.focus();
  }, [focusTick]);

  const errors: Record<string, string> = {};
  for (const v of state.violations) errors[v.propertyPath] ??= v.message;

  /** Shows violations (or a message that belongs to no field) and moves focus to them. */
  const fail = (violations: Violation[], message: string | null = null) => {
    const shown = opts.current.arrange ? opts.current.arrange(violations) : violations;
    opts.current.store.error(shown, message);
    if (shown.length) {
      const n = shown.length;
      setAnnounce(
        `Not sent: ${n === 1 ? 'one error' : `${n} errors`} to correct. ${shown[0]?.message ?? ''}.`,
      );
      setFocusTick((t) => t + 1);
    } else setAnnounce('');
  };

  /** Checks and sends the body; true once the lead is stored (the thank-you page is opening). */
  async function submit(body: Record<string, unknown>, check?: Validation<unknown>): Promise<boolean> {
    const { path, store, submitLabel, rateLimitText, keptText, onSuccess } = opts.current;
    if (store.$state.get().status === 'loading') return false;
    if (check && !check.ok) {
      fail(check.violations);
      return false;
    }
    store.loading();
    setAnnounce('Sending…');
    key.current ||= newIdempotencyKey();
    const r = await postLead(path, body, key.current);
    key.current = r.key;
    if (r.kind === 'created') {
      key.current = '';
      onSuccess?.();
      store.success(r.record);
      setAnnounce('Sent. Opening the thank-you page…');
      // SPEC §4: current path + /thank-you, replacing the filled form in the history.
      window.location.replace(paths.thankYou(window.location.pathname));
      return true;
    }
    if (r.kind === 'invalid') fail(r.violations);
    else if (r.kind === 'rate-limited') fail([], rateLimitText(retryAfterText(r.retryAfterSeconds)));
    else {
      const what =
        r.reason === 'network'
          ? 'We could not reach our server. Please check your connection'
          : 'Something went wrong on our side';
      fail([], `${what} and press “${submitLabel}” again. ${keptText}`);
    }
    return false;
  }

  return {
    state,
    loading,
    errors,
    announce,
    fail,
    submit,
    /** Editing a field clears its error. */
    clearField: o.store.clearField,
    /** Clears every error (the finance banner's close button, a step change). */
    clear: () => {
      if (o.store.$state.get().status !== 'loading') o.store.reset();
    },
  };
}
