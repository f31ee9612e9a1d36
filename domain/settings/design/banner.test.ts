import { describe, expect, it } from 'vitest';
import { domainErrorOf } from '../../shared/test-support.js';
import { imageSize } from './image-size.js';
import { settingsFileDecider } from './settings-file.js';
import { checkedSettingsFile, sniffType } from './settings-file-rules.js';

/** The first bytes of a PNG (signature, IHDR with its size), of a lossy WebP (RIFF, WEBP, VP8 frame header) and of a baseline JPEG (SOI, APP0, SOF0). */
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const solidPng = (w: number, h: number) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...u32(w), ...u32(h), 8, 2, 0, 0, 0]);
const webpHeader = (w: number, h: number) => {
  const b = new Uint8Array(40);
  b.set([0x52, 0x49, 0x46, 0x46, 32, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20, 20, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, w & 0xff, (w >> 8) & 0x3f, h & 0xff, (h >> 8) & 0x3f]);
  return b;
};
const jpegHeader = (w: number, h: number) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0x4a, 0x46, 0xff, 0xc0, 0, 11, 8, h >> 8, h & 0xff, w >> 8, w & 0xff, 1, 1, 0x11, 0]);

const ACCOUNT = '7d1f3c4e-0000-4000-8000-0000000000d2';
const FILE = '7d1f3c4e-0000-4000-8000-0000000000f1';
const upload = (kind: 'banner' | 'logo', bytes: Uint8Array) => settingsFileDecider.decide({ type: 'UploadSettingsFile', data: { fileId: FILE, accountId: ACCOUNT, kind, bytes } }, settingsFileDecider.initialState());

describe('the home page search widget’s banner (a settings file of kind banner)', () => {
  it('knows WebP by RIFF…WEBP, and a RIFF that is not WebP as nothing', () => {
    expect(sniffType(webpHeader(1200, 300))).toBe('image/webp');
    expect(sniffType(Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
  });

  it('reads the size of a PNG, a JPEG and a WebP from their headers', () => {
    expect(imageSize('image/png', solidPng(640, 160))).toEqual({ width: 640, height: 160 });
    expect(imageSize('image/jpeg', jpegHeader(1600, 400))).toEqual({ width: 1600, height: 400 });
    expect(imageSize('image/webp', webpHeader(1200, 300))).toEqual({ width: 1200, height: 300 });
    expect(imageSize('application/pdf', new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });

  it('accepts JPG, PNG and WebP up to 500 kB, keeping the size; refuses an ICO, a PDF and one byte more', () => {
    const [event] = upload('banner', webpHeader(1200, 300));
    expect(event?.data).toMatchObject({ kind: 'banner', contentType: 'image/webp', width: 1200, height: 300 });
    expect(upload('banner', solidPng(8, 2))[0]?.data).toMatchObject({ contentType: 'image/png', width: 8, height: 2 });
    expect(checkedSettingsFile('banner', jpegHeader(10, 10))).toBe('image/jpeg');
    expect(domainErrorOf(() => checkedSettingsFile('banner', Uint8Array.from([0, 0, 1, 0, 1, 0, 16, 16])))).toMatchObject({ code: 'SETTINGS_FILE_TYPE_REFUSED', details: { accepted: 'image/jpeg, image/png, image/webp' } });
    const big = new Uint8Array(500 * 1024 + 1);
    big.set(webpHeader(1200, 300));
    expect(domainErrorOf(() => checkedSettingsFile('banner', big))).toMatchObject({ code: 'SETTINGS_FILE_TOO_LARGE', details: { maxKb: 500 } });
    expect(checkedSettingsFile('banner', big.subarray(0, 500 * 1024))).toBe('image/webp');
  });

  it('refuses a banner whose size its bytes do not give; a logo without one is kept as before', () => {
    const headless = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(domainErrorOf(() => upload('banner', headless))).toMatchObject({ code: 'SETTINGS_FILE_IMAGE_SIZE_UNKNOWN', details: { kind: 'banner' } });
    expect(upload('logo', headless)[0]?.data).not.toHaveProperty('width');
  });
});
