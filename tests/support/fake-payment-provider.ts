import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A payment provider's API as docs/payment-provider-contract.md describes
 * it, over real HTTP on a free port: `POST /payments` idempotent by its
 * `Idempotency-Key` (asked again, it answers the same payment and pays
 * nothing more). Its controls make it fail, answer late or refuse on demand;
 * it records every request it receives and every payment it made.
 */

export interface RecordedPaymentRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

export interface FakePayment {
  providerReference: string;
  idempotencyKey: string;
  request: Record<string, unknown>;
}

export interface FakePaymentProvider {
  /** The base URL to give HttpPaymentProvider. */
  url: string;
  apiKey: string;
  readonly requests: RecordedPaymentRequest[];
  /** The payments it made, one per idempotency key. */
  readonly payments: ReadonlyMap<string, FakePayment>;
  /** The next `count` requests answer `500 PROVIDER_DOWN` (or the status given), paying nothing. */
  failNext(count: number, status?: number): void;
  /** The next `count` requests are carried out (the payment is made) but answered only after `ms`. */
  answerLate(count: number, ms: number): void;
  /** Payments of this reference are refused: `422 BENEFICIARY_REFUSED`. */
  refuseReference(reference: string): void;
  close(): Promise<void>;
}

const BASE_PATH = '/api/v1';

export async function startFakePaymentProvider(options: { apiKey?: string } = {}): Promise<FakePaymentProvider> {
  const apiKey = options.apiKey ?? 'fake-payment-key-8d41e0b2';
  const requests: RecordedPaymentRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const failures: number[] = [];
  const late: number[] = [];
  const refused = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => res.destroy());
  });

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const path = (req.url ?? '/').startsWith(BASE_PATH) ? (req.url ?? '/').slice(BASE_PATH.length) : (req.url ?? '/');
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null, idempotencyKey, body });

    const failure = failures.shift();
    if (failure !== undefined) return error(res, failure, 'PROVIDER_DOWN', 'Temporary failure, try again');
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(res, 401, 'UNAUTHORIZED', 'Missing or wrong API key');
    if (req.method === 'GET' && path === '/ping') return json(res, 200, { status: 'ok' });
    if (req.method !== 'POST' || path !== '/payments') return error(res, 404, 'NOT_FOUND', 'No such operation');
    if (!idempotencyKey) return error(res, 400, 'IDEMPOTENCY_KEY_REQUIRED', 'Idempotency-Key is required');
    const request = body as Record<string, unknown> | null;
    const amount = request?.amount as { amountInCents?: unknown; currency?: unknown } | undefined;
    if (!request || typeof request.paymentId !== 'string' || typeof request.reference !== 'string' || !Number.isInteger(amount?.amountInCents) || typeof amount?.currency !== 'string') {
      return error(res, 400, 'INVALID_REQUEST', 'paymentId, reference and amount are required');
    }
    if (refused.has(request.reference)) return error(res, 422, 'BENEFICIARY_REFUSED', `We cannot pay ${request.reference}`);
    const existing = payments.get(idempotencyKey);
    const payment = existing ?? { providerReference: `PAY-${String(payments.size + 1).padStart(6, '0')}`, idempotencyKey, request };
    payments.set(idempotencyKey, payment);
    const answer = () => json(res, existing ? 200 : 201, { providerReference: payment.providerReference, status: 'initiated' });
    const delay = late.shift();
    if (delay === undefined) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer();
    }, delay);
    timers.add(timer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}${BASE_PATH}`,
    apiKey,
    requests,
    payments,
    failNext(count, status = 500) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    answerLate(count, ms) {
      for (let i = 0; i < count; i++) late.push(ms);
    },
    refuseReference(reference) {
      refused.add(reference);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function error(res: ServerResponse, status: number, code: string, message: string): void {
  json(res, status, { code, message });
}
