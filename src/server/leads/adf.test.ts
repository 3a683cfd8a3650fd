import { describe, expect, it } from 'vitest';
import { buildAdf, xmlEscape } from './adf.ts';

const lead = {
  id: 'b1c2',
  requestDate: '2026-11-20T08:00:00.000Z',
  source: 'Motus Subaru Website',
  serviceCode: 'Group Website Subaru-UsedCarListings',
  vehicle: {
    interest: 'buy' as const,
    status: 'used' as const,
    year: 2022,
    make: 'Subaru',
    model: 'Forester',
    stock: '100001',
    price: 489900,
  },
  customer: {
    firstName: 'Thandi <b>',
    lastName: "O'Neil & Sons",
    email: 'thandi@example.co.za',
    phone: '+27821234567',
    comments: 'Is it "still" available?\u0007',
  },
  vendor: { name: 'Subaru West Rand', email: 'westrand@motus-subaru.co.za' },
};

describe('ADF/XML builder', () => {
  it('writes an ADF 1.0 prospect with vehicle, customer, vendor and provider', () => {
    const xml = buildAdf(lead);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    expect(xml).toContain('<vehicle interest="buy" status="used">');
    expect(xml).toContain('<year>2022</year>');
    expect(xml).toContain('<price type="asking" currency="ZAR">489900</price>');
    expect(xml).toContain('<phone type="cellphone">+27821234567</phone>');
    expect(xml).toContain('<vendorname>Subaru West Rand</vendorname>');
    expect(xml).toContain('<service>Group Website Subaru-UsedCarListings</service>');
    expect(xml.trim().endsWith('</adf>')).toBe(true);
  });

  it('escapes markup and drops characters XML 1.0 cannot hold', () => {
    const xml = buildAdf(lead);
    expect(xml).toContain('<name part="first">Thandi &lt;b&gt;</name>');
    expect(xml).toContain('<name part="last">O&apos;Neil &amp; Sons</name>');
    expect(xml).toContain('<comments>Is it &quot;still&quot; available?</comments>');
    expect(xml).not.toContain('\u0007');
    expect(xmlEscape('a\u0000b\tc')).toBe('ab\tc');
  });

  it('leaves out the vehicle for a lead about none, and empty elements', () => {
    const xml = buildAdf({
      ...lead,
      vehicle: undefined,
      customer: { ...lead.customer, comments: undefined },
    });
    expect(xml).not.toContain('<vehicle');
    expect(xml).not.toContain('<comments>');
    // Well-formed enough for a strict parser: every opened element is closed in order.
    const tags = [...xml.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)].filter((m) => !m[0].startsWith('<?'));
    const stack: string[] = [];
    for (const [, close, name] of tags) {
      if (close) expect(stack.pop()).toBe(name);
      else stack.push(name as string);
    }
    expect(stack).toEqual([]);
  });

  it('carries a trade-in with odometer, condition and photo links, and a booking as a timeframe', () => {
    const xml = buildAdf({
      ...lead,
      vehicle: {
        interest: 'trade-in',
        status: 'used',
        year: 2017,
        make: 'Toyota',
        model: 'Corolla',
        odometer: 123400,
        condition: 'good',
        images: ['https://example.co.za/api/lead_photos/a?x=1&y=2'],
      },
      customer: {
        ...lead.customer,
        timeframe: {
          description: 'Test drive on 2026-12-02 at 10:30',
          earliest: '2026-12-02T10:30:00+02:00',
        },
      },
    });
    expect(xml).toContain('<vehicle interest="trade-in" status="used">');
    expect(xml).toContain('<odometer status="original" units="km">123400</odometer>');
    expect(xml).toContain('<condition>good</condition>');
    expect(xml).toContain(
      '<imagetag alttext="Photo 1">https://example.co.za/api/lead_photos/a?x=1&amp;y=2</imagetag>',
    );
    expect(xml).toContain(
      '<timeframe><description>Test drive on 2026-12-02 at 10:30</description><earliestdate>2026-12-02T10:30:00+02:00</earliestdate></timeframe>',
    );
  });
});
