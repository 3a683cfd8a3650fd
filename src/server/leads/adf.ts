/**
 * ADF/XML 1.0 (Auto-lead Data Format), the format dealer CRMs import vehicle leads from. Every text
 * is escaped, and characters XML 1.0 cannot carry at all (control characters) are dropped.
 */
export interface AdfLead {
  id: string;
  requestDate: string; // ISO date-time
  source: string; // who sent it, e.g. "Motus Subaru Website"
  serviceCode: string; // source_code
  vehicle?: {
    /** ADF's interest; a service booking names the customer's own car without one. */
    interest?: 'buy' | 'test-drive' | 'trade-in';
    status: 'new' | 'used';
    year?: number;
    make?: string;
    model?: string;
    trim?: string;
    vin?: string;
    stock?: string;
    price?: number;
    /** Kilometres. */
    odometer?: number;
    condition?: string;
    /** Staff-only photo links (trade-in valuations). */
    images?: string[];
    comments?: string;
  };
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    comments?: string;
    /** A booked visit (test drive, service): ADF's timeframe, earliest = the slot. */
    timeframe?: { description: string; earliest: string };
  };
  vendor: { name: string; email?: string };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing what XML 1.0 forbids is the point
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(s: string): string {
  return s
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (name: string, value: string | number | undefined, attrs: Record<string, string> = {}) => {
  if (value === undefined || value === '') return '';
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join('');
  return `<${name}${a}>${xmlEscape(String(value))}</${name}>`;
};

export function buildAdf(lead: AdfLead): string {
  const v = lead.vehicle;
  const c = lead.customer;
  const vehicle = v
    ? [
        `<vehicle${v.interest ? ` interest="${v.interest}"` : ''} status="${v.status}">`,
        ...[
          el('year', v.year),
          el('make', v.make),
          el('model', v.model),
          el('trim', v.trim),
          el('vin', v.vin),
          el('stock', v.stock),
          el('odometer', v.odometer, { status: 'original', units: 'km' }),
          el('condition', v.condition),
          ...(v.images ?? []).map((url, i) => el('imagetag', url, { alttext: `Photo ${i + 1}` })),
        ]
          .concat(v.price !== undefined ? el('price', v.price, { type: 'asking', currency: 'ZAR' }) : '')
          .concat(el('comments', v.comments))
          .filter(Boolean)
          .map((line) => `  ${line}`),
        '</vehicle>',
      ]
        .map((line) => `    ${line}`)
        .join('\n')
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '  <prospect status="new">',
    `    ${el('id', lead.id, { sequence: '1', source: lead.source })}`,
    `    ${el('requestdate', lead.requestDate)}`,
    vehicle,
    '    <customer>',
    '      <contact>',
    `        ${el('name', c.firstName, { part: 'first' })}`,
    `        ${el('name', c.lastName, { part: 'last' })}`,
    `        ${el('email', c.email)}`,
    `        ${el('phone', c.phone, { type: 'cellphone' })}`,
    '      </contact>',
    c.timeframe
      ? `      <timeframe>${el('description', c.timeframe.description)}${el('earliestdate', c.timeframe.earliest)}</timeframe>`
      : '',
    c.comments ? `      ${el('comments', c.comments)}` : '',
    '    </customer>',
    '    <vendor>',
    `      ${el('vendorname', lead.vendor.name)}`,
    lead.vendor.email ? `      <contact>${el('email', lead.vendor.email)}</contact>` : '',
    '    </vendor>',
    '    <provider>',
    `      ${el('name', lead.source, { part: 'full' })}`,
    `      ${el('service', lead.serviceCode)}`,
    '    </provider>',
    '  </prospect>',
    '</adf>',
    '',
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}
