/**
 * `node scripts/phone-metadata.ts`: writes src/domain/phone-metadata-za.json, libphonenumber-js's own
 * metadata cut down to South Africa. Every form page parses phone numbers in the browser; the full
 * metadata weighed on every form page for countries we reject anyway (docs/performance.md). Rerun after upgrading
 * libphonenumber-js (a unit test fails when the cut no longer matches the package's data).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export function southAfricaOnly(full: {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
}) {
  return {
    version: full.version,
    country_calling_codes: { '27': ['ZA'] },
    countries: { ZA: full.countries.ZA },
    nonGeographic: {},
  };
}

if (import.meta.main) {
  const full = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json');
  writeFileSync('src/domain/phone-metadata-za.json', `${JSON.stringify(southAfricaOnly(full))}\n`);
  console.log('wrote src/domain/phone-metadata-za.json');
}
