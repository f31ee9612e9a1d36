import { describe, expect, it } from 'vitest';
import { createWedgeReader, isGtin, sameGtin, WEDGE } from '../../ui/shared/buyback-path/components/product-search/barcode.js';

/** Keys typed `gapMs` apart from `start`, then Enter `enterGapMs` after the last; what the reader answered at the end. */
function typed(reader: ReturnType<typeof createWedgeReader>, text: string, gapMs: number, start = 1000, enterGapMs = gapMs): string | null {
  let time = start;
  for (const key of text) {
    expect(reader.key(key, time)).toBeNull();
    time += gapMs;
  }
  return reader.key('Enter', time - gapMs + enterGapMs);
}

describe('Given product barcodes', () => {
  it('Then EAN-8, UPC-A, EAN-13 and GTIN-14 with their GS1 check digit are GTINs, and nothing else is', () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '0194253875826', '10614141000415']) expect(isGtin(code), code).toBe(true);
    for (const code of ['4006381333932', '400638133393', '40063813339311', '4006381333a31', '', '123']) expect(isGtin(code), code).toBe(false);
  });

  it('Then a UPC-A and the EAN-13 that pads it with a 0 are the same product', () => {
    expect(sameGtin('036000291452', '0036000291452')).toBe(true);
    expect(sameGtin('4006381333931', '4006381333931')).toBe(true);
    expect(sameGtin('4006381333931', '0194253875826')).toBe(false);
    expect(sameGtin(null, '0194253875826')).toBe(false);
  });
});

describe('Given a search field that reads a keyboard-wedge scanner', () => {
  it('When thirteen digits come a few milliseconds apart and Enter follows, then the code is read', () => {
    expect(typed(createWedgeReader(), '4006381333931', 8)).toBe('4006381333931');
  });

  it('When a person types the same digits and presses Enter, then it is no scan', () => {
    expect(typed(createWedgeReader(), '4006381333931', 120)).toBeNull();
  });

  it('When a scan follows text typed by hand, then only the burst is read', () => {
    const reader = createWedgeReader();
    expect(typed(reader, 'iphone', 150, 0, 10_000)).toBeNull();
    expect(typed(reader, '0194253875826', 10, 20_000)).toBe('0194253875826');
  });

  it('Then a burst shorter than an EAN-8, a pause before Enter, or an edit in the middle is no scan', () => {
    expect(typed(createWedgeReader(), '1234567', 5)).toBeNull();
    expect(typed(createWedgeReader(), '4006381333931', 5, 1000, WEDGE.maxGapMs + 200)).toBeNull();
    const reader = createWedgeReader();
    let time = 0;
    for (const key of ['4', '0', '0', '6', 'Backspace', '3', '8', '1', '3', '3', '3', '9']) reader.key(key, (time += 5));
    expect(reader.key('Enter', time + 5)).toBeNull();
  });

  it('Then Shift between characters (a scanner typing capitals) does not break the burst', () => {
    const reader = createWedgeReader();
    let time = 0;
    for (const key of ['Shift', 'A', 'Shift', 'B', '1', '2', '3', '4', '5', '6']) reader.key(key, (time += 4));
    expect(reader.key('Enter', time + 4)).toBe('AB123456');
  });
});
