/**
 * What the saved-cars and compare pages show when this device has nothing to list. Until the device's
 * lists are read (after hydration) the box is drawn already, hidden under a loading line, so the page keeps
 * the height it will have: showing it then moves nothing below it. Drawn only once known, it pushed the
 * footer down after the first paint, a layout shift of 0.17 in Lighthouse's audit of /pre-owned/saved.
 */
import type { ReactNode } from 'react';

export function EmptyBox(props: { pending: boolean; loading?: string; children: ReactNode }) {
  const { pending, loading, children } = props;
  return (
    <div className={pending ? 'sv-empty sv-pending' : 'sv-empty'}>
      {pending && loading && <p className="sv-loading sv-pending-line">{loading}</p>}
      <div className="sv-empty-body" aria-hidden={pending || undefined}>
        {children}
      </div>
    </div>
  );
}
