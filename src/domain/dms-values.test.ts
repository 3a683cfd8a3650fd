import { describe, expect, it } from 'vitest';
import { fromDmsExport } from './dms-values.ts';

describe('gearbox and fuel as dealer-management exports write them', () => {
  it.each([
    ['CVT', 'Automatic'],
    ['cvt', 'Automatic'],
    ['Lineartronic CVT', 'Automatic'],
    ['DCT', 'Automatic'],
    ['7-speed DSG', 'Automatic'],
    ['AMT', 'Automatic'],
    ['Tiptronic', 'Automatic'],
    ['Auto', 'Automatic'],
    ['AUTOMATIC', 'Automatic'],
    ['Automatic', 'Automatic'],
    ['6AT', 'Automatic'],
    ['A', 'Automatic'],
    ['6 spd auto', 'Automatic'],
    ['Automated manual', 'Automatic'],
    ['Manual', 'Manual'],
    ['manual', 'Manual'],
    ['MANUAL', 'Manual'],
    ['5MT', 'Manual'],
    ['6-speed manual', 'Manual'],
    ['M', 'Manual'],
  ])('gearbox %s reads as %s', (raw, want) => {
    expect(fromDmsExport('transmission', raw)).toBe(want);
  });

  it.each([
    ['petrol', 'Petrol'],
    ['PETROL', 'Petrol'],
    ['Petrol', 'Petrol'],
    ['Unleaded', 'Petrol'],
    ['diesel', 'Diesel'],
    ['DIESEL', 'Diesel'],
    ['Turbo Diesel', 'Diesel'],
    ['hybrid', 'Hybrid'],
    ['HYBRID', 'Hybrid'],
    ['Petrol Hybrid', 'Hybrid'],
    ['e-Boxer', 'Hybrid'],
    ['PHEV', 'Hybrid'],
    ['Petrol/Electric', 'Hybrid'],
    ['2.0 Boxer Petrol', 'Petrol'],
  ])('fuel %s reads as %s', (raw, want) => {
    expect(fromDmsExport('fuel', raw)).toBe(want);
  });

  it('leaves what the site cannot list unrecognised, so the import names it', () => {
    expect(fromDmsExport('fuel', 'Electric')).toBeNull();
    expect(fromDmsExport('fuel', 'ELECTRIC')).toBeNull();
    expect(fromDmsExport('fuel', 'LPG')).toBeNull();
    expect(fromDmsExport('fuel', '')).toBeNull();
    expect(fromDmsExport('transmission', 'Sequential')).toBeNull();
    expect(fromDmsExport('transmission', '  ')).toBeNull();
  });

  it('does not read fuel words as a gearbox or the reverse', () => {
    expect(fromDmsExport('transmission', 'Petrol')).toBeNull();
    expect(fromDmsExport('fuel', 'Automatic')).toBeNull();
  });
});
