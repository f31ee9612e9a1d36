import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { BARCODE_HEIGHT_PT, BARCODE_MODULE_PT, BARCODE_PX_PER_MODULE, barcodePng } from './code128-png.js';
import type { LabelAddress, Shipment, ShipmentKind, ShipmentRequest } from '../../application/ports/transport.js';

/**
 * The shipping label the embedded carrier prints: one 10 × 15 cm page (the
 * size thermal label printers take), with the tracking number in large type
 * and as a Code 128 barcode, both addresses, our reference, the weight and
 * what the parcel holds. Captions are short bilingual French / English forms,
 * since a parcel crosses borders and the people handling it read one or the
 * other.
 *
 * Everything on it comes from the request, the shipment and the date given:
 * the same three give the same bytes (the PDF's dates and file id are taken
 * from `createdAt`; the font subsets are named after the order the fonts are
 * registered in).
 */

/** 10 cm and 15 cm in PDF points (1/72 inch). */
export const LABEL_WIDTH_PT = 283.46;
export const LABEL_HEIGHT_PT = 425.2;
/** Content lines printed at most; the rest is counted ("+ N"). */
export const MAX_CONTENT_LINES = 20;

export interface LabelContent {
  request: ShipmentRequest;
  shipment: Shipment;
  /** When the label is made (UTC ISO-8601): its date is printed, and it is the PDF's creation date. */
  createdAt: string;
}

const MM = 72 / 25.4;
const MARGIN = 4 * MM;
const INNER_WIDTH = LABEL_WIDTH_PT - 2 * MARGIN;

const KIND_CAPTIONS: Record<ShipmentKind, string> = {
  package: 'Colis magasin / Store package',
  customer: 'Envoi client / Customer parcel',
  return: 'Retour client / Customer return',
};

const REGULAR = 'label-regular';
const BOLD = 'label-bold';

/** Renders the label; a PDF of one page, 10 × 15 cm. */
export async function renderShippingLabel({ request, shipment, createdAt }: LabelContent): Promise<Buffer> {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) throw new Error('The label needs a valid creation date');
  const barcode = barcodePng(shipment.trackingNumber, BARCODE_HEIGHT_PT / BARCODE_MODULE_PT);

  const fonts = labelFonts();
  const doc = new PDFDocument({
    size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT],
    margin: 0,
    autoFirstPage: false,
    // Fixed dates make the output (and pdfkit's file id, a hash of them) depend on the input only.
    info: {
      Title: `${shipment.carrier} ${shipment.trackingNumber}`,
      Creator: 'Trade-in platform',
      Producer: 'Trade-in platform',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  doc.addPage({ size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT], margin: 0 });
  const page = new LabelPage(doc);

  // Header: who carries it and when the label was made; what kind of parcel it is, white on black.
  const kind = KIND_CAPTIONS[request.kind];
  doc.font(BOLD).fontSize(7.5);
  const kindWidth = Math.min(doc.widthOfString(kind) + 8, INNER_WIDTH / 2);
  doc.rect(LABEL_WIDTH_PT - MARGIN - kindWidth, MARGIN, kindWidth, 16).fill('#000');
  doc.fillColor('#fff');
  page.text(kind, LABEL_WIDTH_PT - MARGIN - kindWidth + 4, MARGIN + 4.5, { width: kindWidth - 8, font: BOLD, size: 7.5, minSize: 5 });
  doc.fillColor('#000');
  const headerWidth = INNER_WIDTH - kindWidth - 6;
  page.text(shipment.carrier, MARGIN, MARGIN, { width: headerWidth, font: BOLD, size: 9, minSize: 6 });
  page.text(created.toISOString().slice(0, 10), MARGIN, MARGIN + 11, { width: headerWidth, font: REGULAR, size: 7, minSize: 7 });
  let y = MARGIN + 21;
  page.rule(y);

  // The sender on the left; our reference and the weight on the right.
  y += 4;
  const senderWidth = INNER_WIDTH * 0.6;
  const sideX = MARGIN + senderWidth + 6;
  const sideWidth = INNER_WIDTH - senderWidth - 6;
  let senderY = page.caption('Expéditeur / From', MARGIN, y);
  for (const [index, text] of addressLines(request.sender).entries()) {
    senderY += page.text(text, MARGIN, senderY, { width: senderWidth, font: index === 0 ? BOLD : REGULAR, size: 7.5, minSize: 5.5 }) + 1.5;
  }
  let sideY = page.caption('Réf. / Ref.', sideX, y);
  // Our reference is how the parcel is matched on arrival: wrapped, never cut.
  sideY += page.text(request.reference, sideX, sideY, { width: sideWidth, font: BOLD, size: 9, minSize: 6, maxLines: 4 }) + 4;
  sideY = page.caption('Poids / Weight', sideX, sideY);
  sideY += page.text(formatWeight(request.weightGrams), sideX, sideY, { width: sideWidth, font: BOLD, size: 12, minSize: 8 });
  y = Math.max(senderY, sideY) + 3;
  page.rule(y);

  // The recipient, framed: what the sorting centre reads first.
  y += 4;
  const boxTop = y;
  y = page.caption('Destinataire / To', MARGIN + 4, y + 3);
  const recipient = request.recipient;
  const recipientLines: Array<[string, string, number]> = [
    [recipient.name, BOLD, 12],
    ...optional(recipient.attention).map((text): [string, string, number] => [text, REGULAR, 10]),
    [recipient.street, REGULAR, 10],
    ...optional(recipient.streetComplement).map((text): [string, string, number] => [text, REGULAR, 10]),
    [`${recipient.zipCode} ${recipient.city}`, BOLD, 12],
    [countryName(recipient.country), BOLD, 9],
    ...optional(recipient.phone).map((text): [string, string, number] => [`Tél. / Tel. ${text}`, REGULAR, 8.5]),
  ];
  // A long line wraps once rather than lose its end (a house number, a box number).
  for (const [text, font, size] of recipientLines) y += page.text(text, MARGIN + 4, y, { width: INNER_WIDTH - 8, font, size, minSize: 7, maxLines: 2 }) + 2;
  y += 2;
  doc.lineWidth(1.2).rect(MARGIN, boxTop, INNER_WIDTH, y - boxTop).stroke();

  // The tracking number, in large type and as its barcode.
  y += 5;
  y = page.caption('Suivi / Tracking', MARGIN, y);
  y += page.text(shipment.trackingNumber, MARGIN, y, { width: INNER_WIDTH, font: BOLD, size: 16, minSize: 9, maxLines: 3, align: 'center' }) + 3;
  const modules = barcode.widthPx / BARCODE_PX_PER_MODULE;
  const barcodeWidth = Math.min(modules * BARCODE_MODULE_PT, INNER_WIDTH);
  doc.image(barcode.png, MARGIN + (INNER_WIDTH - barcodeWidth) / 2, y, { width: barcodeWidth, height: BARCODE_HEIGHT_PT });
  y += BARCODE_HEIGHT_PT + 4;
  page.rule(y);

  // What the parcel holds: two columns of ten lines, the rest counted.
  y += 4;
  const contents = request.contents.map(oneLine).filter((line) => line !== '');
  const printed = contents.slice(0, MAX_CONTENT_LINES);
  const captionY = y;
  y = page.caption(`Contenu / Contents (${contents.length})`, MARGIN, y);
  if (contents.length > printed.length) {
    const more = `+ ${contents.length - printed.length}`;
    doc.font(BOLD).fontSize(7);
    page.text(more, LABEL_WIDTH_PT - MARGIN - doc.widthOfString(more), captionY - 0.5, { width: INNER_WIDTH / 3, font: BOLD, size: 7, minSize: 7 });
  }
  const rows = MAX_CONTENT_LINES / 2;
  const columnWidth = (INNER_WIDTH - 6) / 2;
  // Long addresses leave less room: the rows close up (and their type shrinks) rather than run off the page.
  const rowHeight = Math.min(7.5, (LABEL_HEIGHT_PT - MARGIN - y) / rows);
  const contentSize = Math.min(6, rowHeight * 0.85);
  for (const [index, text] of printed.entries()) {
    const column = Math.floor(index / rows);
    page.text(text, MARGIN + column * (columnWidth + 6), y + (index % rows) * rowHeight, { width: columnWidth, font: REGULAR, size: contentSize, minSize: Math.min(5, contentSize) });
  }

  doc.end();
  return finished;
}

/** "1,25 kg": kilograms with two decimals and a decimal comma, from grams, without floating-point rounding surprises. */
export function formatWeight(grams: number): string {
  const hundredths = Math.round(grams / 10);
  return `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')} kg`;
}

interface TextStyle {
  width: number;
  font: string;
  size: number;
  /** The text shrinks down to this size before it is wrapped or cut. */
  minSize: number;
  /** Lines it may wrap onto at `minSize`; past them it is cut with an ellipsis. */
  maxLines?: number;
  align?: 'left' | 'center';
}

/** Writes text that always fits its width: a smaller size first, then more lines if allowed, then cut with an ellipsis. */
class LabelPage {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** Writes the text with its top at (x, y); answers the height it took. */
  text(text: string, x: number, y: number, style: TextStyle): number {
    const { doc } = this;
    const { lines, size } = this.fit(oneLine(text), style);
    doc.font(style.font).fontSize(size);
    const lineHeight = doc.currentLineHeight();
    lines.forEach((line, index) => {
      const left = style.align === 'center' ? x + (style.width - doc.widthOfString(line)) / 2 : x;
      doc.text(line, left, y + index * lineHeight, { lineBreak: false });
    });
    return lines.length * lineHeight;
  }

  /** A section's caption; answers where the section's content starts. */
  caption(text: string, x: number, y: number): number {
    this.text(text, x, y, { width: INNER_WIDTH, font: BOLD, size: 6, minSize: 6 });
    return y + 8;
  }

  rule(y: number): void {
    this.doc
      .lineWidth(0.6)
      .moveTo(MARGIN, y)
      .lineTo(LABEL_WIDTH_PT - MARGIN, y)
      .stroke();
  }

  private fit(text: string, style: TextStyle): { lines: string[]; size: number } {
    const { doc } = this;
    doc.font(style.font);
    for (let size = style.size; size >= style.minSize; size -= 0.5) {
      if (doc.fontSize(size).widthOfString(text) <= style.width) return { lines: [text], size };
    }
    doc.fontSize(style.minSize);
    const lines = this.wrap(text, style.width);
    const maxLines = style.maxLines ?? 1;
    if (lines.length > maxLines) lines.splice(maxLines - 1, Infinity, this.cut(lines.slice(maxLines - 1).join(' '), style.width));
    return { lines, size: style.minSize };
  }

  /** Greedy wrapping on spaces; a word wider than the line (a long reference) is split where it must be. */
  private wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.doc.widthOfString(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      let rest = Array.from(word);
      while (rest.length > 1 && this.doc.widthOfString(rest.join('')) > width) {
        const fits = Math.max(1, this.longestFitting(rest, width, ''));
        lines.push(rest.slice(0, fits).join(''));
        rest = rest.slice(fits);
      }
      current = rest.join('');
    }
    if (current) lines.push(current);
    return lines;
  }

  private cut(text: string, width: number): string {
    if (this.doc.widthOfString(text) <= width) return text;
    // Cut on code points, so that a letter outside the BMP is never split in half.
    const characters = Array.from(text);
    return `${characters.slice(0, this.longestFitting(characters, width, '…')).join('').trimEnd()}…`;
  }

  /** How many of the first characters fit the width, followed by `suffix`. */
  private longestFitting(characters: string[], width: number, suffix: string): number {
    let low = 0;
    let high = characters.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.doc.widthOfString(`${characters.slice(0, middle).join('')}${suffix}`) <= width) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

function addressLines(address: LabelAddress): string[] {
  return [
    address.name,
    ...optional(address.attention),
    address.street,
    ...optional(address.streetComplement),
    `${address.zipCode} ${address.city}`,
    [countryName(address.country), ...optional(address.phone)].join(' · '),
  ];
}

function optional(text: string | null): string[] {
  return text && oneLine(text) ? [text] : [];
}

/** Line breaks and tabs in a field would break the layout: everything is printed on one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const COUNTRY_NAMES = new Intl.DisplayNames(['fr'], { type: 'region', fallback: 'code' });

/** The country as postal services want it on an address: its name in capitals (in French, our sorting language), and its ISO code. */
function countryName(code: string): string {
  const upper = code.toUpperCase();
  let name = upper;
  try {
    name = COUNTRY_NAMES.of(upper) ?? upper;
  } catch {
    // Not a region code Intl knows: the code alone.
  }
  return name === upper ? upper : `${name.toLocaleUpperCase('fr')} (${upper})`;
}

type FontSource = PDFKit.Mixins.PDFFontSource;
let fonts: { regular: FontSource; bold: FontSource } | undefined;

/**
 * The two DejaVu Sans faces (they cover Latin, Greek and Cyrillic letters:
 * Łukasz, Ørsted, Ğül…), read and parsed once. Given a file's bytes, pdfkit
 * parses the font again for every document, about 30 ms a face; given the
 * parsed fontkit font (which it accepts, though its types do not say so) it
 * only makes each document its own subset.
 */
export function labelFonts(): { regular: FontSource; bold: FontSource } {
  if (!fonts) {
    const directory = fontsDirectory();
    fonts = { regular: parsedFont(join(directory, 'DejaVuSans.ttf')), bold: parsedFont(join(directory, 'DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}

function parsedFont(path: string): FontSource {
  const font = fontkit.create(readFileSync(path));
  if (!('layout' in font)) throw new Error(`${path} is a font collection, not a font`);
  return font as unknown as FontSource;
}

/** `fonts/` beside this file; the compiled server runs from dist/, which holds code only, so there it is the source's. */
function fontsDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, 'fonts');
  if (existsSync(beside)) return beside;
  const marker = `${sep}dist${sep}`;
  const at = here.lastIndexOf(marker);
  return at === -1 ? beside : join(here.slice(0, at) + sep + here.slice(at + marker.length), 'fonts');
}
