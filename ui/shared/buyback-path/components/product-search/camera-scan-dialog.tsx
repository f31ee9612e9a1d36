import { Alert, Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isGtin } from './barcode';

/** The BarcodeDetector API (not in TypeScript's DOM library yet): what this dialog uses of it. */
interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?(): Promise<string[]>;
}

/** The symbologies of EAN/GTIN codes on product boxes. */
const PRODUCT_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];
/** How often a frame is read: often enough to feel instant, rarely enough for a modest phone. */
const DETECT_EVERY_MS = 200;

type Problem = 'denied' | 'unavailable' | 'unsupported';

/**
 * The camera's picture and, as soon as a product barcode is in it, its code.
 * The back camera is asked for; the camera stops when the dialog closes.
 */
export default function CameraScanDialog({ onScan, onClose }: { onScan(code: string): void; onClose(): void }) {
  const { t } = useTranslation('buyback-path');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const latest = useRef({ onScan });
  useEffect(() => {
    latest.current = { onScan };
  }, [onScan]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };

    void (async () => {
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
      const supported = (await Detector?.getSupportedFormats?.().catch(() => [])) ?? [];
      const formats = PRODUCT_FORMATS.filter((format) => supported.includes(format));
      if (!Detector || formats.length === 0) return setProblem('unsupported');
      const detector = new Detector({ formats });
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setProblem((error as Error).name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped || !video.current) return stop();
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = async () => {
        if (stopped || !video.current) return;
        const found = await detector.detect(video.current).catch(() => [] as DetectedBarcode[]);
        const code = found.map((barcode) => barcode.rawValue.trim()).find(isGtin);
        if (code && !stopped) {
          stop();
          latest.current.onScan(code);
          return;
        }
        timer = setTimeout(read, DETECT_EVERY_MS);
      };
      void read();
    })();
    return stop;
  }, []);

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={4} data-testid="camera-scan-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('scan.cameraTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {problem ? (
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Description>{t(`scan.problems.${problem}`)}</Alert.Description>
                </Alert.Root>
              ) : (
                <>
                  <Box bg="black" borderRadius="md" overflow="hidden" aspectRatio={4 / 3}>
                    <video ref={video} muted playsInline aria-label={t('scan.cameraView')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  </Box>
                  <Text mt={3} role="status">
                    {t('scan.cameraHelp')}
                  </Text>
                </>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('scan.cancel')}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
