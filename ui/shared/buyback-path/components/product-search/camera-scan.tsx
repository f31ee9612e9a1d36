import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (camera, detection) is fetched on the first use only: nothing of it weighs on a page that does not scan.
const CameraScanDialog = lazy(() => import('./camera-scan-dialog'));

/**
 * Whether this browser can read a barcode from the camera by itself: the
 * BarcodeDetector API (Chrome on Android, Safari on iOS 17+, ChromeOS,
 * macOS) and a camera to ask for. Nothing is downloaded to make up for it.
 */
export function cameraScanSupported(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * "Scan a barcode": opens the camera and hands back the first EAN/GTIN it
 * reads. Absent where the browser cannot detect barcodes. Decided at the
 * first render (no layout shift when the answer comes).
 */
export function CameraScanButton({ onScan, size = 'md' }: { onScan(code: string): void; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('buyback-path');
  const [supported] = useState(cameraScanSupported);
  const [open, setOpen] = useState(false);
  if (!supported) return null;
  return (
    <>
      <Button type="button" variant="outline" size={size} onClick={() => setOpen(true)} data-testid="camera-scan">
        {t('scan.camera')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CameraScanDialog
            onClose={() => setOpen(false)}
            onScan={(code) => {
              setOpen(false);
              onScan(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
