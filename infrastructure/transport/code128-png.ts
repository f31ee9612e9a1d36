import { crc32, deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js';

/** Millimetres in PDF points. */
const MM = 72 / 25.4;

/**
 * Barcode: the PNG gets 3 pixels per module (a scanner reading the image, or
 * a printer resampling it, never has to guess where a bar ends) and is drawn
 * at 0.5 mm per module, well above the 0.33 mm a handheld scanner needs on
 * paper (a 13-character tracking number is then 77 mm wide, quiet zones
 * included); a much longer one is narrowed to the label's width. The PNG
 * carries the 10-module quiet zone on each side that Code 128 requires, so
 * the image is scannable by itself.
 */
export const BARCODE_PX_PER_MODULE = 3;
const BARCODE_QUIET_MODULES = 10;
export const BARCODE_MODULE_PT = 0.5 * MM;
export const BARCODE_HEIGHT_PT = 15 * MM;

/**
 * The tracking number's Code 128 symbol as a 1-bit grayscale PNG. bwip-js
 * encodes the symbol (start code, code sets, check character); its own PNG is
 * 32-bit RGBA, which pdfkit must decode pixel by pixel to split off the alpha
 * channel (about 20 ms a label), whereas a grayscale PNG without alpha is
 * embedded as it is. So the bars bwip-js answers are rasterised here: every
 * row is the same, a module is BARCODE_PX_PER_MODULE pixels wide.
 */
export function barcodePng(trackingNumber: string, heightInModules: number): { png: Buffer; widthPx: number } {
  const [symbol] = bwipjs.raw('code128', trackingNumber, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js answered no linear symbol for the tracking number');
  // Widths in modules, alternately space and bar: the leading quiet zone, bwip-js's bars and spaces (a bar first), the trailing quiet zone.
  const runs = [BARCODE_QUIET_MODULES, ...symbol.sbs, BARCODE_QUIET_MODULES];
  const widthPx = runs.reduce((sum, width) => sum + width, 0) * BARCODE_PX_PER_MODULE;
  // As many rows as make square pixels once the image is drawn at BARCODE_MODULE_PT a module.
  const heightPx = Math.round(heightInModules * BARCODE_PX_PER_MODULE);
  // Bits at 1 are white: start all white, then clear the bars' bits.
  const row = Buffer.alloc(Math.ceil(widthPx / 8), 0xff);
  let x = 0;
  runs.forEach((width, index) => {
    const isBar = index % 2 === 1;
    for (let end = x + width * BARCODE_PX_PER_MODULE; x < end; x++) {
      if (isBar) row[x >> 3] = (row[x >> 3] ?? 0) & ~(0x80 >> (x & 7));
    }
  });
  const scanline = Buffer.concat([Buffer.from([0]), row]); // filter type 0: the bytes as they are
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(widthPx, 0);
  ihdr.writeUInt32BE(heightPx, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, grayscale, compression and filter methods 0, no interlace
  const png = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: heightPx }, () => scanline)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, widthPx };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
