import { describe, expect, it } from 'vitest';
import { telHref, waNumber, whatsappHref } from './contact.ts';

const car = {
  id: 100001,
  year: 2022,
  make: 'Subaru',
  model: 'Forester',
  variant: '2.5i-S ES',
  price: 489900,
  stock_number: 'U100001',
  make_slug: 'subaru',
  model_slug: 'forester',
};

describe('contact links', () => {
  it('dials and chats with a South African number', () => {
    expect(telHref('011 958 1800')).toBe('tel:0119581800');
    expect(waNumber('011 958 1800')).toBe('27119581800');
    expect(waNumber('+27 82 123 4567')).toBe('27821234567');
  });
  it('names the car and its stock number in the WhatsApp message', () => {
    const href = whatsappHref('011 958 1800', car);
    expect(href.startsWith('https://wa.me/27119581800?text=')).toBe(true);
    const text = new URL(href).searchParams.get('text') ?? '';
    expect(text).toContain('2022 Subaru Forester 2.5i-S ES');
    expect(text).toContain('stock no. U100001');
  });
});
