import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { BannerInput, DealershipInput } from '../contract/content.ts';
import { DEALER_NEEDS_DEALERSHIP, StaffCreateInput } from '../contract/staff.ts';
import { validateWhole } from '../server/http/validate.ts';
import type { ApiError } from '../server/hydra.ts';
import { type InputSchema, schemaResolver } from './schema-check.ts';

const resolve_ = (schema: InputSchema, values: FieldValues) =>
  schemaResolver(schema)(values, undefined, {} as ResolverOptions<FieldValues>);

/** What the editor API answers for the same input (its 422's violations), by path. */
function serverSays(schema: InputSchema, input: Record<string, unknown>): Record<string, string> {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the editor's object schemas
    validateWhole(schema as any, input);
    return {};
  } catch (err) {
    const violations = (err as ApiError).extra.violations as { propertyPath: string; message: string }[];
    return Object.fromEntries(violations.map((v) => [v.propertyPath, v.message]));
  }
}

const banner = {
  title: 'Forester Sport',
  subtitle: 'Now in stock',
  type: 'Car',
  image: 'forester.webp',
  button_text: 'See it',
  button_url: '/showroom/subaru/forester',
  sort_order: 1,
};

describe("the admin's form check with the API's input schemas", () => {
  it('puts the message the server would answer on each bad field, and passes nothing on to save', async () => {
    const typed = { ...banner, title: null, button_url: 'www.example.com' };
    const r = await resolve_(BannerInput, typed);
    expect(r.values).toEqual({});
    expect(r.errors).toEqual({
      title: { type: 'schema', message: 'Title is required' },
      button_url: { type: 'schema', message: 'Button URL must start with / or https://' },
    });
    // The same words as the 422 for what the form sends (an emptied text input as '').
    expect(serverSays(BannerInput, { ...typed, title: '' })).toEqual({
      title: 'Title is required',
      button_url: 'Button URL must start with / or https://',
    });
  });

  it('sends an emptied optional text as empty text (react-admin empties to null), and keeps null where the API takes it', async () => {
    const record = { id: 3, '@id': '/api/editor/banners/3', ...banner, subtitle: null, button_text: null };
    const r = await resolve_(BannerInput, record);
    expect(r.errors).toEqual({});
    expect(r.values).toEqual({ ...record, subtitle: '', button_text: null });
    expect(serverSays(BannerInput, { ...banner, subtitle: '', button_text: null })).toEqual({});
  });

  it('checks nested lists on their fields (opening hours) with the same messages as the server', async () => {
    const dealer = {
      slug: 'east-rand',
      site_name: 'east-rand',
      dealer_name: 'Subaru East Rand',
      address: '1 Main Road',
      suburb: 'Boksburg',
      city: 'Johannesburg',
      province: 'Gauteng',
      postal_code: '146',
      latitude: -26.2,
      longitude: 28.25,
      location: 'https://maps.example/embed',
      dealer_contact_no: '011 555 0101',
      whatsapp_no: null,
      email: 'sales@east-rand.example',
      opening_hours: [{ day: 'Mon', opens: null, closes: '17:00' }],
      sort_order: 0,
    };
    const r = await resolve_(DealershipInput, dealer);
    expect(r.errors).toEqual({
      postal_code: { type: 'schema', message: 'Postal code must be 4 digits' },
      opening_hours: { 0: { opens: { type: 'schema', message: 'Opening time is required' } } },
    });
    expect(
      serverSays(DealershipInput, {
        ...dealer,
        whatsapp_no: '',
        opening_hours: [{ day: 'Mon', opens: '', closes: '17:00' }],
      }),
    ).toEqual({
      postal_code: 'Postal code must be 4 digits',
      'opening_hours.0.opens': 'Opening time is required',
    });
  });

  it('says on the dealerships field that a dealer user needs one', async () => {
    const r = await resolve_(StaffCreateInput, {
      email: 'new.dealer@motus.example',
      name: 'New Dealer',
      role: 'dealer',
      dealers: [],
    });
    expect(r.errors).toEqual({ dealers: { type: 'schema', message: DEALER_NEEDS_DEALERSHIP } });
  });
});

describe('the admin bundle', () => {
  const root = resolve('src');
  const importsOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)].map((m) =>
      resolve(dirname(file), m[1] ?? ''),
    );

  it('reaches no server or demo code from its entry (the schemas it shares are plain src/contract and src/domain)', () => {
    const seen = new Set<string>();
    const todo = [join(root, 'admin/main.tsx')];
    for (let file = todo.pop(); file; file = todo.pop()) {
      if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) continue;
      seen.add(file);
      todo.push(...importsOf(file));
    }
    const reached = [...seen].map((f) => relative(root, f));
    expect(reached).toContain('contract/content.ts');
    expect(reached.filter((f) => !/^(admin|contract|domain|config|client)\//.test(f))).toEqual([]);
  });

  it('is imported by no public page, island or server module', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(join(dir, e.name))
          : /\.(ts|tsx|astro)$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    const outside = files(root).filter((f) => !relative(root, f).startsWith('admin/'));
    const importers = outside.filter((f) =>
      [...readFileSync(f, 'utf8').matchAll(/from\s+'(\.[^']+)'/g)].some((m) =>
        relative(root, resolve(dirname(f), m[1] ?? '')).startsWith('admin/'),
      ),
    );
    expect(importers.map((f) => relative(root, f))).toEqual([]);
  });
});
