/**
 * One-page PDF brochure per range model (files/subaru-{model}-brochure.pdf): title, picture,
 * description, a table of variants with outputs and prices, colours and standard features.
 * Built from the same rows the database gets, so the brochure never disagrees with the site.
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { monthlyInstalment } from '../domain/finance.ts';
import { uploadPath } from '../domain/images.ts';
import type { BlobStore } from '../server/media/storage.ts';
import { buildDealers } from './data/dealers.ts';
import { buildRange, type RangeData, rangeImages } from './data/range.ts';
import { RANGE } from './data/range-catalogue.ts';
import { renderSvg } from './images.ts';
import { REFERENCE_DATE } from './random.ts';

const BRAND = '#0368B4';
const INK = '#1d2329';
const MUTED = '#5b6570';
const PAGE = { width: 595.28, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;

/** en-ZA rands, e.g. "R 719 000"; PDF standard fonts lack the narrow no-break space. */
const rands = (n: number, cents = false): string =>
  new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR', maximumFractionDigits: cents ? 2 : 0 })
    .format(n)
    .replace(/[\u00a0\u202f]/g, ' ');

/** The model's main image as JPEG: the generated WebP if present, else drawn afresh. */
async function mainImageJpeg(store: BlobStore, file: string): Promise<Buffer> {
  let source = await store.get(uploadPath('main', file));
  if (!source) {
    const job = rangeImages().find((j) => j.kind === 'main' && j.file === file);
    if (!job) throw new Error(`no artwork for ${file}`);
    source = Buffer.from(renderSvg(job, 960));
  }
  return sharp(source).resize(960).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
}

type Model = RangeData['models'][number];
type Variant = RangeData['variants'][number];

function table(doc: PDFKit.PDFDocument, variants: readonly Variant[], top: number): number {
  const cols = [
    ['Variant', 118],
    ['Power', 44],
    ['Torque', 48],
    ['Transmission', 128],
    ['Fuel', 50],
    ['Price', 64],
    ['From p/m*', 63],
  ] as const;
  const row = (cells: readonly string[], y: number, index: number): void => {
    const header = index < 0;
    doc.rect(PAGE.margin, y, CONTENT, 18).fill(header ? BRAND : index % 2 === 0 ? '#f2f6fa' : '#ffffff');
    let x = PAGE.margin + 6;
    doc
      .font(header ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor(header ? '#ffffff' : INK);
    cells.forEach((text, i) => {
      const width = (cols[i]?.[1] ?? 60) - 6;
      doc.text(text, x, y + 5, { width, lineBreak: false, ellipsis: true });
      x += width + 6;
    });
  };
  row(
    cols.map(([label]) => label),
    top,
    -1,
  );
  variants.forEach((v, i) => {
    row(
      [
        v.variant,
        `${v.power} kW`,
        `${v.torque} Nm`,
        v.transmission_type,
        v.fuel_type,
        rands(v.model_price),
        rands(monthlyInstalment({ price: v.model_price })),
      ],
      top + 18 * (i + 1),
      i,
    );
  });
  return top + 18 * (variants.length + 1);
}

function brochure(model: Model, variants: readonly Variant[], image: Buffer): PDFKit.PDFDocument {
  const spec = RANGE.find((m) => m.model === model.model);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `Subaru ${model.model} brochure`,
      Author: 'Subaru dealer group',
      CreationDate: REFERENCE_DATE,
    },
  });
  doc.rect(0, 0, PAGE.width, 92).fill(BRAND);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#ffffff')
    .text('SUBARU', PAGE.margin, 22, { characterSpacing: 3 });
  doc.fontSize(26).text(`Subaru ${model.model}`, PAGE.margin, 38);
  doc.font('Helvetica').fontSize(10).fillColor('#dbe9f6').text(model.tagline, PAGE.margin, 70);
  doc.image(image, PAGE.margin, 104, { width: CONTENT });
  let y = 104 + (CONTENT * 10) / 16 + 12;
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(INK)
    .text(model.description, PAGE.margin, y, { width: CONTENT, lineGap: 2 });
  y = doc.y + 14;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text('Variants and prices', PAGE.margin, y);
  y = table(doc, variants, doc.y + 6) + 18;
  const half = CONTENT / 2 - 10;
  doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text('Colours', PAGE.margin, y);
  doc.text('Standard on every variant', PAGE.margin + CONTENT / 2, y);
  const colours = JSON.parse(variants[0]?.colors ?? '[]') as { name: string; hex_code: string }[];
  colours.forEach((c, i) => {
    const cy = y + 20 + i * 16;
    doc.rect(PAGE.margin, cy, 11, 11).fillAndStroke(c.hex_code, '#9aa1a8');
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(c.name, PAGE.margin + 18, cy + 1, { width: half });
  });
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  doc.list(spec?.standard ?? [], PAGE.margin + CONTENT / 2, y + 20, {
    width: half,
    bulletRadius: 2,
    lineGap: 3,
  });
  const dealers = buildDealers()
    .map((d) => `${d.dealer_name} ${d.dealer_contact_no}`)
    .join('  ·  ');
  // The footer sits inside the bottom margin; without this PDFKit would start a second page.
  doc.page.margins.bottom = 0;
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
  doc.text(
    `*Example instalment: 0% deposit, 72 months, 12% interest a year, 40% balloon; subject to bank approval. Prices include VAT and are correct on ${REFERENCE_DATE.toISOString().slice(0, 10).split('-').reverse().join('.')}; specifications may change without notice. E&OE.`,
    PAGE.margin,
    772,
    { width: CONTENT },
  );
  doc.text(dealers, PAGE.margin, doc.y + 4, { width: CONTENT });
  return doc;
}

const toBuffer = (doc: PDFKit.PDFDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });

/** Brochure file names, one per range model (what range_variants.brochure points at). */
export function listBrochures(): string[] {
  return [...new Set(buildRange().variants.map((v) => v.brochure))];
}

export async function generateBrochures(
  store: BlobStore,
  opts: { force?: boolean; have?: Set<string> } = {},
): Promise<{ written: number; skipped: number }> {
  const { models, variants } = buildRange();
  const result = { written: 0, skipped: 0 };
  const have = opts.have ?? new Set((await store.list('files/')).map((o) => o.key));
  for (const model of models) {
    const own = variants.filter((v) => v.model_id === model.id);
    const file = own[0]?.brochure;
    if (!file) continue;
    const key = `files/${file}`;
    if (!opts.force && have.has(key)) {
      result.skipped++;
      continue;
    }
    const pdf = await toBuffer(brochure(model, own, await mainImageJpeg(store, model.main_image)));
    await store.put(key, pdf);
    result.written++;
  }
  return result;
}
