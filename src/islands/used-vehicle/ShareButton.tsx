/**
 * "Share" on the vehicle page: the device's share sheet (Web Share API) where there is one,
 * otherwise the link is copied and a visible, announced "Link copied" confirms it. When the clipboard is
 * refused too, the link is shown selected for the visitor to copy.
 */
import { useRef, useState } from 'react';

interface Props {
  /** The car's name, for the share sheet and the button's label. */
  name: string;
}

type Result = 'idle' | 'copied' | 'manual';

export function ShareButton({ name }: Props) {
  const [result, setResult] = useState<Result>('idle');
  const [url, setUrl] = useState('');
  const field = useRef<HTMLInputElement>(null);

  const share = async () => {
    setResult('idle');
    const href = window.location.href.split('#')[0] ?? window.location.href;
    setUrl(href);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${name} for sale`, url: href });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return; // the visitor closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(href);
      setResult('copied');
      window.setTimeout(() => setResult((r) => (r === 'copied' ? 'idle' : r)), 6000);
    } catch {
      setResult('manual');
      requestAnimationFrame(() => field.current?.select());
    }
  };

  return (
    <div className="uv-share">
      <button type="button" className="save-btn uv-share-btn" onClick={share}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        Share<span className="visually-hidden"> {name}</span>
      </button>
      <p className="uv-share-status" role="status">
        {result === 'copied' && 'Link copied'}
        {result === 'manual' && 'Copy this link:'}
      </p>
      {result === 'manual' && (
        <input
          ref={field}
          className="uv-share-url"
          type="url"
          readOnly
          value={url}
          aria-label={`Link to the ${name}`}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
