import { describe, expect, it } from 'vitest';
import { transmissionText } from './vehicle-text.ts';

describe('transmissionText', () => {
  it('says the speeds once', () => {
    expect(transmissionText({ transmission: 6, transmission_type: 'manual' })).toBe('6-speed manual');
    expect(transmissionText({ transmission: 6, transmission_type: '6-speed manual' })).toBe('6-speed manual');
    expect(transmissionText({ transmission: 1, transmission_type: 'Single-speed reduction gear' })).toBe(
      'Single-speed reduction gear',
    );
    expect(transmissionText({ transmission: 0, transmission_type: 'CVT' })).toBe('CVT');
  });
});
