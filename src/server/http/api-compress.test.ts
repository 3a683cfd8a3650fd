import { describe, expect, it } from 'vitest';
import { apiEncoding } from './api-compress.ts';

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
