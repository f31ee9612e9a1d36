import type { Page } from '@playwright/test';

/**
 * Keystrokes with the times a keyboard sends them. Chromium stamps an input
 * event with the time the DevTools protocol gives it (KeyboardEvent.timeStamp),
 * as it does with a hardware event's time, whatever the page and the test
 * machine are busy with; Playwright's keyboard.type does not say when a key
 * was pressed, so its pace depends on the machine's load.
 */
export async function keystrokes(page: Page, text: string, options: { gapMs: number; enter?: boolean }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...text].map((key) => ({ key, code: /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`, text: key, keyCode: key.toUpperCase().charCodeAt(0) }));
  if (options.enter) keys.push({ key: 'Enter', code: 'Enter', text: '\r', keyCode: 13 });
  for (const [index, key] of keys.entries()) {
    const timestamp = start + (index * options.gapMs) / 1000;
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: key.key, code: key.code, text: key.text, unmodifiedText: key.text, windowsVirtualKeyCode: key.keyCode, timestamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, code: key.code, windowsVirtualKeyCode: key.keyCode, timestamp: timestamp + 0.002 });
  }
  await cdp.detach();
  // Whatever comes next (a real key, another burst) comes after the last of these times.
  const end = (start + (keys.length * options.gapMs) / 1000) * 1000;
  if (end > Date.now()) await page.waitForTimeout(end - Date.now() + 20);
}

/** A keyboard-wedge barcode scanner: the code's characters 8 ms apart, then Enter, into the focused field. */
export function scanWithWedge(page: Page, code: string): Promise<void> {
  return keystrokes(page, code, { gapMs: 8, enter: true });
}

/** A person typing (150 ms between keys), then Enter. */
export function typeByHand(page: Page, text: string): Promise<void> {
  return keystrokes(page, text, { gapMs: 150, enter: true });
}

/**
 * A browser that reads barcodes (BarcodeDetector) from a camera, a canvas
 * standing for the camera: its detector sees `code` after a few frames.
 * Sets window.cameraAsked when the page asks for the camera.
 */
export async function withCameraThatSees(page: Page, code: string): Promise<void> {
  await page.addInitScript((seen) => {
    class FakeBarcodeDetector {
      private frames = 0;
      static async getSupportedFormats() {
        return ['qr_code', 'ean_13', 'ean_8'];
      }
      async detect() {
        this.frames += 1;
        return this.frames < 3 ? [] : [{ rawValue: seen, format: 'ean_13' }];
      }
    }
    const browser = globalThis as unknown as { BarcodeDetector?: unknown; cameraAsked?: number; navigator: { mediaDevices: object }; document: any };
    Object.defineProperty(browser, 'BarcodeDetector', { value: FakeBarcodeDetector, configurable: true });
    const camera = async () => {
      const canvas = browser.document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      canvas.getContext('2d')?.fillRect(0, 0, 64, 48);
      browser.cameraAsked = (browser.cameraAsked ?? 0) + 1;
      return canvas.captureStream();
    };
    Object.defineProperty(browser.navigator.mediaDevices, 'getUserMedia', { value: camera, configurable: true });
  }, code);
}
