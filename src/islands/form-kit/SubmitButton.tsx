/**
 * The submit button with its loading state. Until the island has hydrated it is disabled (a click
 * would otherwise send the form natively, personal data and all, to the page's own URL). While a
 * request runs it stays focusable but aria-disabled, and the form ignores further submits.
 */
import type { ReactNode } from 'react';

interface Props {
  hydrated: boolean;
  loading: boolean;
  children: ReactNode;
  loadingText?: string;
}

export function SubmitButton({ hydrated, loading, children, loadingText = 'Sending…' }: Props) {
  return (
    <button type="submit" className="btn" disabled={!hydrated} aria-disabled={loading || undefined}>
      {loading ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {loadingText}
        </>
      ) : (
        children
      )}
    </button>
  );
}
