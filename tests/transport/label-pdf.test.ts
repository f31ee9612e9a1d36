import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { getDocument, ImageKind, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { Shipment, ShipmentRequest } from '../../application/ports/transport.js';
import { renderShippingLabel } from '../../infrastructure/transport/label-pdf.js';

/**
 * The embedded carrier's label, read back from the PDF bytes the way a
 * person or a scanner would meet it: the page's size, its text (pdf.js), and
 * the barcode image pulled out of the PDF and decoded (zxing), never the
 * image as it was before being embedded.
 */

const CREATED_AT = '2026-11-21T09:30:00.000Z';
const MM = 72 / 25.4;

const request: ShipmentRequest = {
  reference: '2167692792717',
  kind: 'return',
  sender: {
    name: 'Entrepôt Trade-in Lyon',
    attention: 'Service retours',
    street: '12 rue de la Part-Dieu',
    streetComplement: 'Quai 4',
    zipCode: '69003',
    city: 'Lyon',
    country: 'FR',
    phone: '+33 4 72 00 00 00',
  },
  recipient: {
    name: 'Łukasz Ørsted-Ğül',
    attention: 'c/o Boutique Ixelles',
    street: 'Avenue Louise 231',
    streetComplement: 'Boîte 5',
    zipCode: '1050',
    city: 'Ixelles',
    country: 'BE',
    phone: '+32 2 123 45 67',
  },
  weightGrams: 1250,
  contents: ['2 167692 792717 · Apple iPhone 15 128 Go'],
};

const shipment: Shipment = {
  shipmentId: 'emb-test',
  trackingNumber: 'TP48213975062',
  trackingLink: null,
  carrier: 'Trade-in Platform Transport',
};

async function openPdf(pdf: Buffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0, isOffscreenCanvasSupported: false }).promise;
}

/** The page's text, one entry per line pdfkit wrote. */
async function textLines(pdf: Buffer): Promise<string[]> {
  const page = await (await openPdf(pdf)).getPage(1);
  const content = await page.getTextContent();
  return content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item.str] : []));
}

interface EmbeddedImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white. */
  luminance: Uint8ClampedArray;
  /** The image's width on the page, in points, from the transformation in force where it is painted. */
  drawnWidthPt: number;
}

/** The first image painted on page 1, decoded by pdf.js from the PDF's own bytes. */
async function embeddedImage(pdf: Buffer): Promise<EmbeddedImage> {
  const page = await (await openPdf(pdf)).getPage(1);
  const operators = await page.getOperatorList();
  // Follow the graphics state to know the transformation the image is drawn with (it maps the unit square onto the page).
  let matrix = [1, 0, 0, 1, 0, 0];
  const saved: number[][] = [];
  for (const [index, fn] of operators.fnArray.entries()) {
    const args = operators.argsArray[index] as unknown[];
    if (fn === OPS.save) saved.push(matrix);
    else if (fn === OPS.restore) matrix = saved.pop() ?? matrix;
    else if (fn === OPS.transform) matrix = multiply(matrix, args as number[]);
    else if (fn === OPS.paintImageXObject) {
      const name = args[0] as string;
      const image = await new Promise<{ width: number; height: number; kind: number; data: Uint8Array }>((resolve) => page.objs.get(name, resolve));
      return {
        width: image.width,
        height: image.height,
        luminance: luminanceOf(image),
        drawnWidthPt: Math.hypot(matrix[0]!, matrix[1]!),
      };
    }
  }
  throw new Error('no image painted on the page');
}

function multiply(m: number[], n: number[]): number[] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  const [a2, b2, c2, d2, e2, f2] = n as [number, number, number, number, number, number];
  return [a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e, e2 * b + f2 * d + f];
}

function luminanceOf(image: { width: number; height: number; kind: number; data: Uint8Array }): Uint8ClampedArray {
  const { width, height, kind, data } = image;
  const luminance = new Uint8ClampedArray(width * height);
  const rowBytes = Math.ceil(width / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      if (kind === ImageKind.GRAYSCALE_1BPP) luminance[at] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
      else {
        const channels = kind === ImageKind.RGBA_32BPP ? 4 : 3;
        luminance[at] = (data[at * channels]! + data[at * channels + 1]! + data[at * channels + 2]!) / 3;
      }
    }
  }
  return luminance;
}

/** The narrowest run of equal pixels across the middle row: one module of the symbol, in pixels. */
function narrowestRun(image: EmbeddedImage): number {
  const row = image.luminance.subarray(Math.floor(image.height / 2) * image.width, (Math.floor(image.height / 2) + 1) * image.width);
  let narrowest = Infinity;
  let run = 1;
  for (let x = 1; x < row.length; x++) {
    if (row[x]! < 128 === row[x - 1]! < 128) run++;
    else {
      narrowest = Math.min(narrowest, run);
      run = 1;
    }
  }
  return narrowest;
}

function decodeCode128(image: EmbeddedImage): string {
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(image.luminance, image.width, image.height)));
  return new Code128Reader().decode(bitmap).getText();
}

describe('Given a return shipment to a recipient whose name is not Latin-1', () => {
  it('when its label is rendered, then it is a PDF of one 10 × 15 cm page', async () => {
    const pdf = await renderShippingLabel({ request, shipment, createdAt: CREATED_AT });

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await openPdf(pdf);
    expect(document.numPages).toBe(1);
    const [left, bottom, right, top] = (await document.getPage(1)).view as [number, number, number, number];
    expect((right - left) / MM).toBeCloseTo(100, 1);
    expect((top - bottom) / MM).toBeCloseTo(150, 1);
  });

  it('then its text holds the sender, the recipient with every letter of their name, the reference, the tracking number, the weight, the kind, the carrier and the date', async () => {
    const lines = await textLines(await renderShippingLabel({ request, shipment, createdAt: CREATED_AT }));
    const text = lines.join('\n');

    expect(lines).toEqual(expect.arrayContaining(['Expéditeur / From', 'Destinataire / To', 'Réf. / Ref.', 'Poids / Weight', 'Suivi / Tracking']));
    expect(lines).toContain('Entrepôt Trade-in Lyon');
    expect(text).toContain('12 rue de la Part-Dieu');
    expect(text).toContain('69003 Lyon');
    expect(lines).toContain('Łukasz Ørsted-Ğül');
    expect(lines).toContain('c/o Boutique Ixelles');
    expect(lines).toContain('Avenue Louise 231');
    expect(lines).toContain('Boîte 5');
    expect(lines).toContain('1050 Ixelles');
    expect(text).toContain('(BE)');
    expect(text).toContain('+32 2 123 45 67');
    expect(lines).toContain('2167692792717');
    expect(lines).toContain('TP48213975062');
    expect(lines).toContain('1,25 kg');
    expect(lines).toContain('Retour client / Customer return');
    expect(lines).toContain('Trade-in Platform Transport');
    expect(lines).toContain('2026-11-21');
    expect(lines).toContain('2 167692 792717 · Apple iPhone 15 128 Go');
  });

  it('then the barcode decoded from the image inside the PDF is the tracking number, wide enough to be scanned from paper', async () => {
    const image = await embeddedImage(await renderShippingLabel({ request, shipment, createdAt: CREATED_AT }));

    expect(decodeCode128(image)).toBe('TP48213975062');
    const modulePx = narrowestRun(image);
    expect(modulePx).toBeGreaterThanOrEqual(2);
    const moduleMm = (image.drawnWidthPt * (modulePx / image.width)) / MM;
    expect(moduleMm).toBeGreaterThanOrEqual(0.33);
  });

  it('when it is rendered twice for the same date, then the two PDFs are the same bytes', async () => {
    const first = await renderShippingLabel({ request, shipment, createdAt: CREATED_AT });
    const second = await renderShippingLabel({ request, shipment, createdAt: CREATED_AT });

    expect(second.equals(first)).toBe(true);
  });
});

describe('Given weights in grams', () => {
  it.each([
    [1250, '1,25 kg'],
    [80, '0,08 kg'],
    [12_345, '12,35 kg'],
  ])('when a parcel weighs %i g, then its label says %s', async (weightGrams, printed) => {
    const lines = await textLines(await renderShippingLabel({ request: { ...request, weightGrams }, shipment, createdAt: CREATED_AT }));

    expect(lines).toContain(printed);
  });
});

describe('Given a parcel holding more lines than a label prints', () => {
  it('when its label is rendered, then the first 20 lines are printed and the rest is counted', async () => {
    const contents = Array.from({ length: 27 }, (_, index) => `Appareil ${String(index + 1).padStart(2, '0')}`);

    const lines = await textLines(await renderShippingLabel({ request: { ...request, contents }, shipment, createdAt: CREATED_AT }));

    expect(lines.filter((line) => line.startsWith('Appareil '))).toEqual(contents.slice(0, 20));
    expect(lines).toContain('+ 7');
    expect(lines).toContain('Contenu / Contents (27)');
  });

  it('when it holds exactly 20, then all are printed and nothing is counted as left out', async () => {
    const contents = Array.from({ length: 20 }, (_, index) => `Appareil ${String(index + 1).padStart(2, '0')}`);

    const lines = await textLines(await renderShippingLabel({ request: { ...request, contents }, shipment, createdAt: CREATED_AT }));

    expect(lines.filter((line) => line.startsWith('Appareil '))).toEqual(contents);
    expect(lines.some((line) => /^\+ \d+$/.test(line))).toBe(false);
  });
});
