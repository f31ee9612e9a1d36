import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A carrier's API as docs/carrier-contract.md describes it, over real HTTP
 * on a free port, for the HTTP carrier's tests: shipments idempotent by
 * reference, labels that may take a while, cancellation. Its controls make it
 * fail, hang, refuse or answer nonsense on demand, and it records every
 * request it receives.
 */

export interface RecordedRequest {
  method: string;
  /** Relative to the base URL, query included: `/shipments`, `/shipments/shp_1/label`. */
  path: string;
  /** The Authorization header as received, or null. */
  authorization: string | null;
  contentType: string | null;
  /** Parsed JSON when the body is JSON, the text otherwise, null when empty. */
  body: unknown;
}

export interface FakeShipment {
  shipmentId: string;
  trackingNumber: string;
  trackingLink: string;
  carrier: string;
  reference: string;
  /** The body of the request that created it. */
  request: Record<string, unknown>;
  cancelled: boolean;
  labelReadyAt: number;
  labelPollsLeft: number;
}

export interface FakeFailure {
  status?: number;
  code?: string;
  message?: string;
}

export interface FakeAnswer {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface FakeCarrier {
  /** The base URL to give HttpCarrier (the contract's paths are under it). */
  url: string;
  /** The key it accepts as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  readonly requests: RecordedRequest[];
  readonly shipments: ReadonlyMap<string, FakeShipment>;
  /** The next `count` requests answer an error, `500 CARRIER_DOWN` unless told otherwise. */
  failNext(count: number, failure?: FakeFailure): void;
  /** The next `count` requests are never answered (until close). */
  hangNext(count: number): void;
  /** The next request gets exactly this answer, whatever it asked. */
  answerNext(answer: FakeAnswer): void;
  /** Shipments created from now on have their label ready only after this delay and / or this many polls answered 202. */
  labelsReadyAfter(delay: { milliseconds?: number; polls?: number }): void;
  /** Shipments to this recipient's zip code are refused: `422 ADDRESS_NOT_SERVED`. */
  refuseZipCode(zipCode: string): void;
  close(): Promise<void>;
}

const BASE_PATH = '/api/v1';
const KINDS = new Set(['package', 'customer', 'return']);

export async function startFakeCarrier(options: { apiKey?: string } = {}): Promise<FakeCarrier> {
  const apiKey = options.apiKey ?? 'fake-carrier-key-3f9a2c71';
  const requests: RecordedRequest[] = [];
  const shipments = new Map<string, FakeShipment>();
  const byReference = new Map<string, FakeShipment>();
  const failures: Required<FakeFailure>[] = [];
  const answers: FakeAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  const refusedZipCodes = new Set<string>();
  let hangCount = 0;
  let labelDelay = { milliseconds: 0, polls: 0 };
  let origin = '';

  const server = createServer((req, res) => {
    void readBody(req).then(
      (raw) => handle(req, res, raw),
      () => res.destroy(),
    );
  });

  function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
    const contentType = req.headers['content-type'] ?? null;
    const path = (req.url ?? '/').startsWith(BASE_PATH) ? (req.url ?? '/').slice(BASE_PATH.length) : (req.url ?? '/');
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization ?? null, contentType, body: parseBody(raw) });

    if (hangCount > 0) {
      hangCount--;
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const failure = failures.shift();
    if (failure) return error(res, failure.status, failure.code, failure.message);
    const answer = answers.shift();
    if (answer) {
      res.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json', ...answer.headers });
      res.end(answer.body);
      return;
    }
    if (!(req.url ?? '').startsWith(`${BASE_PATH}/`)) return error(res, 404, 'NOT_FOUND', 'No such path');
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(res, 401, 'UNAUTHORIZED', 'Missing or wrong API key');

    const segments = path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method === 'GET' && segments.length === 1 && segments[0] === 'ping') return json(res, 200, { status: 'ok' });
    if (req.method === 'POST' && segments.length === 1 && segments[0] === 'shipments') return create(res, parseBody(raw));
    if (segments[0] === 'shipments' && segments.length >= 2) {
      const shipment = shipments.get(segments[1]!);
      if (req.method === 'GET' && segments.length === 3 && segments[2] === 'label') return label(res, shipment);
      if (req.method === 'DELETE' && segments.length === 2) return cancel(res, shipment);
    }
    return error(res, 404, 'NOT_FOUND', 'No such operation');
  }

  function create(res: ServerResponse, body: unknown): void {
    const problem = invalidShipmentRequest(body);
    if (problem) return error(res, 400, 'INVALID_REQUEST', problem);
    const request = body as Record<string, unknown> & { reference: string; recipient: { zipCode: string } };
    const existing = byReference.get(request.reference);
    if (existing) return json(res, 200, shipmentView(existing));
    if (refusedZipCodes.has(request.recipient.zipCode)) {
      return error(res, 422, 'ADDRESS_NOT_SERVED', `We do not deliver to ${request.recipient.zipCode}`);
    }
    const number = shipments.size + 1;
    const trackingNumber = `FC${String(number).padStart(11, '0')}`;
    const shipment: FakeShipment = {
      shipmentId: `shp_${number}`,
      trackingNumber,
      trackingLink: `${origin}/track/${trackingNumber}`,
      carrier: 'Fake Carrier',
      reference: request.reference,
      request,
      cancelled: false,
      labelReadyAt: Date.now() + labelDelay.milliseconds,
      labelPollsLeft: labelDelay.polls,
    };
    shipments.set(shipment.shipmentId, shipment);
    byReference.set(shipment.reference, shipment);
    return json(res, 201, shipmentView(shipment));
  }

  function label(res: ServerResponse, shipment: FakeShipment | undefined): void {
    if (!shipment || shipment.cancelled) return error(res, 404, 'SHIPMENT_NOT_FOUND', 'No such shipment');
    if (shipment.labelPollsLeft > 0 || Date.now() < shipment.labelReadyAt) {
      shipment.labelPollsLeft = Math.max(0, shipment.labelPollsLeft - 1);
      res.writeHead(202, { 'Retry-After': '1', 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 'pending' }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.end(fakeLabelPdf(shipment.trackingNumber));
  }

  function cancel(res: ServerResponse, shipment: FakeShipment | undefined): void {
    if (!shipment) return error(res, 404, 'SHIPMENT_NOT_FOUND', 'No such shipment');
    shipment.cancelled = true;
    res.writeHead(204).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}${BASE_PATH}`,
    apiKey,
    requests,
    shipments,
    failNext(count, failure = {}) {
      for (let i = 0; i < count; i++) {
        failures.push({ status: failure.status ?? 500, code: failure.code ?? 'CARRIER_DOWN', message: failure.message ?? 'Temporary failure, try again' });
      }
    },
    hangNext(count) {
      hangCount += count;
    },
    answerNext(answer) {
      answers.push(answer);
    },
    labelsReadyAfter(delay) {
      labelDelay = { milliseconds: delay.milliseconds ?? 0, polls: delay.polls ?? 0 };
    },
    refuseZipCode(zipCode) {
      refusedZipCodes.add(zipCode);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function shipmentView(shipment: FakeShipment) {
  return { shipmentId: shipment.shipmentId, trackingNumber: shipment.trackingNumber, trackingLink: shipment.trackingLink, carrier: shipment.carrier };
}

/** The contract's request body, checked field by field: the answer names the first field that breaks it. */
function invalidShipmentRequest(body: unknown): string | null {
  if (!isRecord(body)) return 'the body is not a JSON object';
  const allowed = ['reference', 'kind', 'sender', 'recipient', 'weightGrams', 'contents'];
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown) return `unknown field ${unknown}`;
  if (typeof body.reference !== 'string' || body.reference.length < 1 || body.reference.length > 64) return 'reference';
  if (typeof body.kind !== 'string' || !KINDS.has(body.kind)) return 'kind';
  for (const side of ['sender', 'recipient'] as const) {
    const address = body[side];
    if (!isRecord(address)) return side;
    for (const field of ['name', 'street', 'zipCode', 'city'] as const) {
      if (typeof address[field] !== 'string' || address[field] === '') return `${side}.${field}`;
    }
    if (typeof address.country !== 'string' || !/^[A-Z]{2}$/.test(address.country)) return `${side}.country`;
    for (const field of ['attention', 'streetComplement', 'phone'] as const) {
      if (address[field] !== null && typeof address[field] !== 'string') return `${side}.${field}`;
    }
    if (Object.keys(address).length !== 8) return `${side} has fields the contract does not name`;
  }
  if (typeof body.weightGrams !== 'number' || !Number.isInteger(body.weightGrams) || body.weightGrams <= 0) return 'weightGrams';
  if (!Array.isArray(body.contents) || !body.contents.every((line) => typeof line === 'string')) return 'contents';
  return null;
}

/** A tiny PDF standing for the carrier's label: what matters to the tests is that it is a PDF and whose it is. */
function fakeLabelPdf(trackingNumber: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% Fake Carrier label ${trackingNumber}\n%%EOF\n`, 'latin1');
}

function error(res: ServerResponse, status: number, code: string, message: string): void {
  json(res, status, { code, message });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
