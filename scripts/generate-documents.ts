/**
 * Generates the site's static brand files: the policy PDFs in public/documents/ (text in
 * scripts/documents/content.ts, rendered with pdfkit) and the raster icons (favicon.ico,
 * apple-touch-icon.png) from public/favicon.svg with sharp. Run: node scripts/generate-documents.ts
 */
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { DOCUMENTS, type PolicyDoc } from './documents/content.ts';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const BRAND_BLUE = '#0368b4';

function renderPdf(doc: PolicyDoc, path: string): Promise<void> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: { Title: doc.title, Author: 'Motus Subaru', Subject: doc.subtitle },
    // Fixed dates keep the output byte-identical between runs.
    pdfVersion: '1.7',
  });
  pdf.info.CreationDate = new Date('2026-11-01T00:00:00Z');
  pdf.info.ModDate = new Date('2026-11-01T00:00:00Z');
  const out = createWriteStream(path);
  pdf.pipe(out);
  pdf.fillColor(BRAND_BLUE).font('Helvetica-Bold').fontSize(22).text(doc.title);
  pdf.moveDown(0.3).fillColor('#465567').font('Helvetica').fontSize(10.5).text(doc.subtitle);
  pdf.moveDown(1);
  for (const section of doc.sections) {
    pdf.fillColor('#101b26').font('Helvetica-Bold').fontSize(13).text(section.heading);
    pdf.moveDown(0.35).font('Helvetica').fontSize(10.5);
    for (const p of section.paragraphs ?? []) pdf.text(p, { align: 'left', lineGap: 2 }).moveDown(0.5);
    if (section.bullets?.length)
      pdf.list(section.bullets, { bulletRadius: 1.8, lineGap: 2, textIndent: 12 }).moveDown(0.5);
    pdf.moveDown(0.5);
  }
  pdf.end();
  return new Promise((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
}

/** An .ico holding one PNG image (supported by every current browser). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, png]);
}

async function renderIcons() {
  const svg = readFileSync(join(PUBLIC, 'favicon.svg'));
  const png32 = await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer();
  writeFileSync(join(PUBLIC, 'favicon.ico'), icoFromPng(png32, 32));
  await sharp(svg, { density: 600 })
    .resize(180, 180)
    .flatten({ background: BRAND_BLUE })
    .png()
    .toFile(join(PUBLIC, 'apple-touch-icon.png'));
}

mkdirSync(join(PUBLIC, 'documents'), { recursive: true });
for (const doc of DOCUMENTS) await renderPdf(doc, join(PUBLIC, 'documents', doc.file));
await renderIcons();
console.log(`wrote ${DOCUMENTS.length} documents and icons to ${PUBLIC}`);
