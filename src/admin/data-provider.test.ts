import { describe, expect, it } from 'vitest';
import { API_RESOURCES } from './api-paths.ts';
import { writable } from './data-provider.ts';

describe('what the admin sends for a staff member', () => {
  const staff = API_RESOURCES.staff as NonNullable<(typeof API_RESOURCES)['staff']>;
  const form = {
    '@id': '/api/admin/staff/1',
    id: '1',
    email: 'thandi@motus.example',
    name: 'Thandi',
    role: 'editor',
    password: 'a long enough password',
    created_at: '2026-11-27T08:00:00Z',
    two_factor: false,
  };
  it('sends the e-mail address and password when adding one', () => {
    expect(writable(staff, form, 'create')).toEqual({
      email: 'thandi@motus.example',
      name: 'Thandi',
      role: 'editor',
      password: 'a long enough password',
    });
  });
  it('never sends them back on an update', () => {
    expect(writable(staff, form, 'update')).toEqual({ name: 'Thandi', role: 'editor' });
  });
});
