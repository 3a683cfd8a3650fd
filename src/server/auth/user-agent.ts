/** A browser's User-Agent in words a person recognises ("Chrome 131 on Windows"), for sessions and the audit log. */
import Bowser from 'bowser';

export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const { browser, os, platform } = Bowser.parse(ua);
  const name = browser.name
    ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}`
    : null;
  const system = os.name ?? null;
  const device = platform.type === 'mobile' || platform.type === 'tablet' ? platform.type : null;
  if (!name && !system) return ua.slice(0, 60);
  return [name ?? 'A browser', system ? `on ${system}` : null, device ? `(${device})` : null]
    .filter(Boolean)
    .join(' ');
}
