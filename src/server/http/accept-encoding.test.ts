import { describe, expect, it } from 'vitest';
import { apiEncoding, pageEncoding } from './accept-encoding.ts';

describe('apiEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['br', 'identity'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br;q=1.0, deflate;q=0.5', 'deflate'],
    // q=0 refuses a coding (RFC 9110 §12.5.3): the micro-cache must not file this answer under gzip.
    ['gzip;q=0, deflate', 'deflate'],
    ['gzip; q=0 , deflate;q=0', 'identity'],
    ['*', 'gzip'],
    ['*;q=0', 'identity'],
    ['*;q=0.1, gzip;q=0', 'deflate'],
    ['gzip;q=abc', 'gzip'],
  ])('%j → %s', (accept, encoding) => {
    expect(apiEncoding(accept)).toBe(encoding);
  });
});

describe('pageEncoding', () => {
  const both = { br: true, gzip: true };
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['identity', 'identity'],
    // A coding refused with q=0 is never sent (RFC 9110 §12.5.3).
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    // The client's preference where it gives one; brotli on a tie.
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['x-br, gzip', 'gzip'],
  ])('%j → %s', (accept, encoding) => {
    expect(pageEncoding(accept, both)).toBe(encoding);
  });

  it('chooses only among the forms a file has', () => {
    expect(pageEncoding('gzip, deflate, br', { br: false, gzip: true })).toBe('gzip');
    expect(pageEncoding('br', { br: false, gzip: true })).toBe('identity');
    expect(pageEncoding('br;q=1, gzip;q=0.1', { br: false, gzip: false })).toBe('identity');
  });
});
