import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { createWedgeReader } from './barcode';

/**
 * A search field that also takes a keyboard-wedge scanner (a scanner that
 * types the code and presses Enter): give the field the returned onKeyDown.
 * A scanner's burst ending in Enter calls `onScan` with the code read (the
 * form is not submitted: the field's text may hold what was there before);
 * anything a person types behaves as usual.
 */
export function useBarcodeWedge(onScan: (code: string) => void): (event: KeyboardEvent<HTMLInputElement>) => void {
  const reader = useRef(createWedgeReader());
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  }, [onScan]);
  return useCallback((event: KeyboardEvent<HTMLInputElement>) => {
    if (event.repeat || event.nativeEvent.isComposing) return;
    const code = reader.current.key(event.key, event.timeStamp);
    if (code === null) return;
    event.preventDefault();
    latest.current(code);
  }, []);
}
