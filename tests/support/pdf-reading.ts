import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { getDocument, ImageKind, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a PDF back the way a person or a scanner meets it: its pages' text
 * (pdf.js) and the images painted on them, pulled out of the PDF's own bytes
 * and decoded as Code 128 (zxing), never the images as they were before
 * being embedded. The same reading as tests/transport/label-pdf.test.ts,
 * for documents of several pages and images.
 */
export async function openPdf(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0, isOffscreenCanvasSupported: false }).promise;
}

/** Each page's text, its runs joined by spaces and blanks collapsed: what a reader sees, in order. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const document = await openPdf(pdf);
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const runs = content.items.flatMap((item) => ('str' in item ? [item.str] : []));
    pages.push(runs.join(' ').replace(/\s+/g, ' ').trim());
  }
  return pages;
}

interface PaintedImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white. */
  luminance: Uint8ClampedArray;
}

/** The images painted on one page, in painting order, decoded by pdf.js. */
export async function pageImages(pdf: Uint8Array, pageNumber: number): Promise<PaintedImage[]> {
  const page = await (await openPdf(pdf)).getPage(pageNumber);
  const operators = await page.getOperatorList();
  const images: PaintedImage[] = [];
  for (const [index, fn] of operators.fnArray.entries()) {
    if (fn !== OPS.paintImageXObject) continue;
    const name = (operators.argsArray[index] as unknown[])[0] as string;
    const image = await new Promise<{ width: number; height: number; kind: number; data: Uint8Array }>((resolve) => page.objs.get(name, resolve));
    images.push({ width: image.width, height: image.height, luminance: luminanceOf(image) });
  }
  return images;
}

/** The Code 128 symbols painted on each page, decoded. */
export async function pageBarcodes(pdf: Uint8Array): Promise<string[][]> {
  const document = await openPdf(pdf);
  const found: string[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    found.push((await pageImages(pdf, number)).map(decodeCode128));
  }
  return found;
}

export function decodeCode128(image: PaintedImage): string {
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(image.luminance, image.width, image.height)));
  return new Code128Reader().decode(bitmap).getText();
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
