/**
 * The submit button with its loading state. A form the server answers when it is posted natively
 * (`postsWithoutScript`: the enquiry forms, src/server/forms/) can be sent before the island hydrates;
 * any other stays disabled until then (a click would send it, personal data and all, to an address
 * that does not take it). While a request runs the button stays focusable but aria-disabled, and the
 * form ignores further submits.
 */
import type { ReactNode } from 'react';

interface Props {
  hydrated: boolean;
  loading: boolean;
  children: ReactNode;
  loadingText?: string;
  postsWithoutScript?: boolean;
}

export function SubmitButton({
  hydrated,
  loading,
  children,
  loadingText = 'Sending…',
  postsWithoutScript = false,
}: Props) {
  return (
    <button
      type="submit"
      className="btn"
      disabled={!hydrated && !postsWithoutScript}
      aria-disabled={loading || undefined}
    >
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
