import PDFDocument from 'pdfkit';
import type { Locale } from '../../../domain/organizations/events.js';
import { BARCODE_HEIGHT_PT, BARCODE_MODULE_PT, BARCODE_PX_PER_MODULE, barcodePng } from '../../transport/code128-png.js';
import { labelFonts } from '../../transport/label-pdf.js';

/**
 * What a buyback's A4 documents share: the page, the fonts (the labels'
 * DejaVu Sans, which prints every Latin, Greek and Cyrillic name), the
 * Code 128 barcode (the labels' 1-bit PNG: 0.5 mm a module, its quiet zones
 * included) and a few drawing helpers. The output depends on the content
 * only: dates come from `printedAt`, never from the clock.
 */
export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 50;
export const WIDTH = A4[0] - 2 * MARGIN;
export const REGULAR = 'doc-regular';
export const BOLD = 'doc-bold';

export interface PdfBuilder {
  doc: PDFKit.PDFDocument;
  finish(): Promise<Buffer>;
}

/** A PDF with its metadata fixed by `printedAt`, fonts registered, no page yet. */
export function newDocument(title: string, printedAt: string): PdfBuilder {
  const created = new Date(printedAt);
  if (Number.isNaN(created.getTime())) throw new Error('A document needs a valid print date');
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Creator: 'Trade-in platform', Producer: 'Trade-in platform', CreationDate: created, ModDate: created },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = labelFonts();
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  return {
    doc,
    finish() {
      doc.end();
      return finished;
    },
  };
}

export function addPage(doc: PDFKit.PDFDocument): void {
  doc.addPage({ size: A4, margin: MARGIN });
  doc.x = MARGIN;
  doc.y = MARGIN;
}

/** A long date in the customer's language, in UTC (what the server knows for sure). */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** The page's title on the left, a line of small print on the right, then a rule. */
export function header(doc: PDFKit.PDFDocument, title: string, aside: string): void {
  const top = doc.y;
  doc.font(BOLD).fontSize(20).text(title, MARGIN, top, { width: WIDTH * 0.65, lineBreak: true });
  const bottom = doc.y;
  doc.font(REGULAR).fontSize(9).text(aside, MARGIN + WIDTH * 0.65, top + 6, { width: WIDTH * 0.35, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 6;
  rule(doc);
}

export function rule(doc: PDFKit.PDFDocument): void {
  doc.lineWidth(0.6).moveTo(MARGIN, doc.y).lineTo(MARGIN + WIDTH, doc.y).stroke();
  doc.y += 10;
}

/** A caption in small capitals' stead: small bold grey text. */
export function caption(doc: PDFKit.PDFDocument, text: string, x = MARGIN, width = WIDTH): void {
  doc.fillColor('#555').font(BOLD).fontSize(8).text(text.toLocaleUpperCase(), x, doc.y, { width });
  doc.fillColor('#000');
  doc.y += 2;
}

/** `caption: value` rows, the captions in a column of their own. */
export function facts(doc: PDFKit.PDFDocument, rows: ReadonlyArray<readonly [string, string]>, x = MARGIN, width = WIDTH): void {
  const captionWidth = Math.min(150, width * 0.4);
  for (const [name, value] of rows) {
    const top = doc.y;
    doc.font(REGULAR).fontSize(9).fillColor('#555').text(name, x, top, { width: captionWidth - 8 });
    const afterCaption = doc.y;
    doc.fillColor('#000').font(BOLD).fontSize(10).text(value, x + captionWidth, top, { width: width - captionWidth });
    doc.y = Math.max(afterCaption, doc.y) + 3;
  }
}

/**
 * The value as a Code 128 barcode, centred at the current line, with the
 * value printed beneath in large type; answers nothing, moves `doc.y` below.
 */
export function barcode(doc: PDFKit.PDFDocument, value: string, printed: string = value): void {
  const image = barcodePng(value, BARCODE_HEIGHT_PT / BARCODE_MODULE_PT);
  const width = Math.min((image.widthPx / BARCODE_PX_PER_MODULE) * BARCODE_MODULE_PT, WIDTH);
  const top = doc.y;
  doc.image(image.png, MARGIN + (WIDTH - width) / 2, top, { width, height: BARCODE_HEIGHT_PT });
  doc.font(BOLD).fontSize(14).text(printed, MARGIN, top + BARCODE_HEIGHT_PT + 4, { width: WIDTH, align: 'center' });
  doc.y += 8;
}

/** A framed box of the given height, its title (and a hint beneath it) inside at the top. */
export function box(doc: PDFKit.PDFDocument, x: number, top: number, width: number, height: number, title: string, hint?: string): void {
  doc.lineWidth(1).rect(x, top, width, height).stroke();
  doc.font(BOLD).fontSize(9).text(title, x + 6, top + 6, { width: width - 12 });
  if (hint) doc.font(REGULAR).fontSize(8).fillColor('#555').text(hint, x + 6, doc.y + 1, { width: width - 12 });
  doc.fillColor('#000');
}

/** Room left on the page above the bottom margin. */
export function roomLeft(doc: PDFKit.PDFDocument): number {
  return A4[1] - MARGIN - doc.y;
}
