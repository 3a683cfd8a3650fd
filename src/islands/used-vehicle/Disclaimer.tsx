/**
 * The finance disclaimer (SPEC §2) in a modal <dialog>: focus moves in and stays inside (Tab wraps),
 * Escape closes it, and focus returns to the button that opened it.
 */
import { type KeyboardEvent, useId, useRef } from 'react';

const DISCLAIMER =
  'Estimates exclude fees, insurance and bank initiation fees and are not binding. Finance is subject to approval by the bank, and your rate depends on your credit profile.';

export function Disclaimer() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const title = useId();

  const trap = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [
      ...dialog.current.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea'),
    ];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="uv-linkbtn"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        Finance disclaimer
      </button>
      <dialog
        ref={dialog}
        className="uv-dialog"
        aria-labelledby={title}
        onKeyDown={trap}
        onClose={() => opener.current?.focus()}
      >
        <h2 id={title}>Finance disclaimer</h2>
        <p>{DISCLAIMER}</p>
        <p>
          Instalments are worked out at the deposit, balloon, interest rate and term shown; the balloon is
          paid with the last instalment.
        </p>
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </>
  );
}
