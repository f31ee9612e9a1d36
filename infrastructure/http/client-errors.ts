import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorPresenter } from './errors.js';
import { negotiateLocale } from './i18n.js';

/** The statuses Node's HTTP server gives the requests its parser refuses (its own `clientError` default). */
const PARSER_STATUSES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Requests Node's parser refuses before any route runs. Headers over its
 * limit (http.maxHeaderSize, 16 KB) answer 431 with the API's Error body
 * (`REQUEST_HEADERS_TOO_LARGE`, the limit in `details.maxBytes`), translated
 * when Accept-Language came before the overflow, as the OpenAPI document
 * declares for every operation; Node's own 431 has no body. Any other parse
 * error is answered as Node does (a status, no body), and a socket already
 * gone is closed.
 */
export function answerClientErrors(server: Server, errors: ErrorPresenter): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = PARSER_STATUSES[error.code ?? ''] ?? '400 Bad Request';
    if (error.code !== 'HPE_HEADER_OVERFLOW') {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
      return;
    }
    const locale = negotiateLocale(acceptLanguageOf(error.rawPacket));
    const body = JSON.stringify(errors.http('REQUEST_HEADERS_TOO_LARGE', locale, { maxBytes: maxHeaderSize }).body);
    socket.end(
      [
        `HTTP/1.1 ${status}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Content-Language: ${locale}`,
        'Vary: Accept-Language',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}

/** The Accept-Language header among the bytes the parser had read, if it was there. */
function acceptLanguageOf(raw: Buffer | undefined): string | undefined {
  if (!raw) return undefined;
  const match = /\r\naccept-language:[ \t]*([^\r\n]{0,200})\r\n/i.exec(raw.subarray(0, 16_384).toString('latin1'));
  return match?.[1]?.trim();
}
