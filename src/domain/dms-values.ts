/**
 * Gearbox and fuel as dealer-management systems export them, read onto the values the site lists
 * (SPEC §5 filters: Automatic or Manual; Petrol, Diesel or Hybrid). Exports write the gearbox by its
 * kind (CVT, Lineartronic, DCT, DSG, AMT, Tiptronic), with speeds ("6-speed auto", "5MT") or by
 * letter (A, AT, M, MT), and fuel in any case ("PETROL", "Unleaded", "Diesel Turbo", "Petrol/Electric
 * hybrid", "e-Boxer"). Every gearbox without a clutch pedal (CVT, DCT, AMT, Tiptronic) reads as
 * Automatic, as buyers filter by it. A fully electric car has no SPEC value: it stays unrecognised, so
 * the import names it rather than listing it as something it is not.
 */

export type DmsField = 'transmission' | 'fuel';

const words = (raw: string) =>
  raw
    .toLowerCase()
    .replace(/(\d)\s*-?\s*(spd|speed|sp)\b/g, ' ')
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

const AUTOMATIC = new Set([
  'a',
  'at',
  'auto',
  'automatic',
  'automatik',
  'cvt',
  'lineartronic',
  'dct',
  'dsg',
  'pdk',
  'edc',
  'amt',
  'tiptronic',
  'steptronic',
  'sportronic',
  'powershift',
  'xtronic',
  'multitronic',
  'ecvt',
  'dualogic',
]);
const MANUAL = new Set(['m', 'mt', 'man', 'manual', 'stick']);
const HYBRID = new Set(['hybrid', 'hev', 'phev', 'mhev', 'eboxer', 'plugin']);
const PETROL = new Set(['petrol', 'unleaded', 'ulp', 'gasoline', 'p']);
const DIESEL = new Set(['diesel', 'd', 'tdi', 'crdi', 'dci', 'tdci']);

/**
 * The SPEC's value for a DMS export's gearbox or fuel cell, or null when it is not one the site lists
 * (then the import names the cell). Blank is null too.
 */
export function fromDmsExport(field: DmsField, raw: string): string | null {
  // "6AT", "5MT", "8-speed": split the speed count from the letters.
  const w = words(raw.replace(/(\d)([a-z])/gi, '$1 $2'));
  if (!w.length) return null;
  if (field === 'transmission') {
    const joined = w.join('');
    if (w.some((x) => MANUAL.has(x)) && !w.some((x) => x === 'amt' || x === 'automated')) return 'Manual';
    if (w.some((x) => AUTOMATIC.has(x)) || AUTOMATIC.has(joined) || w.includes('automated'))
      return 'Automatic';
    return null;
  }
  // Subaru's mild hybrid is "e-Boxer"; "Boxer" alone is the engine of every Subaru.
  if (w.some((x) => HYBRID.has(x)) || /\be-?boxer\b/i.test(raw) || /plug-?in/i.test(raw)) return 'Hybrid';
  // "Petrol/Electric" is a hybrid; "Electric" alone (a battery car) has no SPEC value.
  if (w.includes('electric')) return w.some((x) => PETROL.has(x) || DIESEL.has(x)) ? 'Hybrid' : null;
  if (w.some((x) => DIESEL.has(x))) return 'Diesel';
  if (w.some((x) => PETROL.has(x))) return 'Petrol';
  return null;
}
