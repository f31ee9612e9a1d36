import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Personal data never reaches the logs: request bodies are not logged, and
 * these paths are censored wherever an object carrying them is logged.
 */
export const REDACTED_PATHS = [
  'customer',
  '*.customer',
  'body',
  '*.body',
  'iban',
  '*.iban',
  'email',
  '*.email',
  'password',
  '*.password',
  'token',
  '*.token',
  'req.headers.authorization',
  'headers.authorization',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'trade-in' } },
    destination as DestinationStream | undefined,
  );
}
