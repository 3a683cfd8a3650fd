import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { southAfricaOnly } from '../../scripts/phone-metadata.ts';
import { toSaE164 } from './phone.ts';
import metadata from './phone-metadata-za.json' with { type: 'json' };

describe('South African phone numbers', () => {
  it('normalises what people type to E.164', () => {
    expect(toSaE164('082 555 1234')).toBe('+27825551234');
    expect(toSaE164('+27 82 555 1234')).toBe('+27825551234');
    expect(toSaE164('011-958-1800')).toBe('+27119581800');
    expect(toSaE164('0027 21 555 0100')).toBe('+27215550100');
  });

  it('rejects numbers that are not South African or not numbers at all', () => {
    for (const bad of ['12345', '082 555 1234 5678', '+44 20 7946 0958', 'call me', ''])
      expect(toSaE164(bad)).toBeUndefined();
  });

  it('uses exactly the installed library’s South African rules (rerun scripts/phone-metadata.ts after an upgrade)', () => {
    const full = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json');
    expect(metadata).toEqual(southAfricaOnly(full));
  });
});
