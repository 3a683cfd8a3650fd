/**
 * The list of a form's errors above it, each message a link that moves focus to its field. The finance
 * banner is an alert (announced as it appears, focused); the enquiry form focuses the first invalid
 * field and announces the count through its own status region, so its summary is not an alert (it
 * shrinks as fields are corrected, and an alert would read it out again each time).
 */
import type { ReactNode, Ref } from 'react';
import type { Violation } from '../../contract/index.ts';
import { fieldId } from './Field.tsx';

interface Props {
  form: string;
  violations: readonly Violation[];
  title: ReactNode;
  /** Fields that are on the page; other violations are listed without a link. */
  fields: ReadonlySet<string>;
  /** Shows a close button (the finance banner is closable). */
  onClose?: () => void;
  /** role=alert: announced whenever it appears or changes (the ref is that alert's). */
  alert?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function focusField(form: string, name: string): boolean {
  const el = document.getElementById(fieldId(form, name));
  if (!el) return false;
  el.focus();
  return true;
}

export function ErrorSummary({ form, violations, title, fields, onClose, alert = false, ref }: Props) {
  if (!violations.length) return null;
  const content = (
    <>
      <div className="error-summary-head">
        <p id={`${form}-error-title`} className="error-summary-title">
          {title}
        </p>
        {onClose && (
          <button
            type="button"
            className="error-summary-close"
            onClick={onClose}
            aria-label="Close the error message"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      <ul>
        {violations.map((v) => (
          <li key={`${v.propertyPath}:${v.message}`}>
            {fields.has(v.propertyPath) ? (
              <a
                href={`#${fieldId(form, v.propertyPath)}`}
                onClick={(e) => {
                  if (focusField(form, v.propertyPath)) e.preventDefault();
                }}
              >
                {v.message}
              </a>
            ) : (
              v.message
            )}
          </li>
        ))}
      </ul>
    </>
  );
  const labelledBy = `${form}-error-title`;
  return alert ? (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={labelledBy}>
      {content}
    </div>
  ) : (
    <section
      id={`${form}-error-summary`}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby={labelledBy}
    >
      {content}
    </section>
  );
}
