import {
  CarrierRefusedError,
  CarrierUnavailableError,
  type LabelAddress,
  type LabelAnswer,
  type Shipment,
  type ShipmentRequest,
  type TransportPort,
} from '../../application/ports/transport.js';

export interface HttpCarrierOptions {
  /** The carrier API's base URL (`CARRIER_URL`), e.g. https://carrier.example/api/v1; the contract's paths are relative to it. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; printable ASCII, no spaces. */
  apiKey: string;
  /** How long one request may take, its answer's body included; 5 s by default. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
/** Refusals that say "not now" rather than "never": retried like a 5xx. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);
/** A carrier's own message is kept short in ours: it goes into logs and job records. */
const MAX_CARRIER_MESSAGE = 200;

/**
 * A carrier reached over HTTP, as docs/carrier-contract.md describes. It
 * never retries: a failure worth retrying (a 5xx, a timeout, a connection
 * refused, a malformed answer) is a CarrierUnavailableError, and the caller's
 * job queue tries again later with its backoff, which it can do because every
 * request of the contract is safe to repeat; a refusal (a 4xx) is a
 * CarrierRefusedError with the carrier's code, not worth repeating.
 *
 * The API key never leaves the Authorization header: it is kept in a private
 * field (which neither logs nor `util.inspect` show), no message names it,
 * and a carrier's message that echoes it has it blanked.
 */
export class HttpCarrier implements TransportPort {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  readonly #apiKey: string;

  constructor(options: HttpCarrierOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The carrier URL must be http(s)');
    // A key that is no valid header value would make fetch throw an error that quotes the header: refuse it here, without quoting it.
    if (!/^[\x21-\x7e]+$/.test(options.apiKey)) throw new Error('The carrier API key must be printable ASCII without spaces');
    this.baseUrl = url.href.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#apiKey = options.apiKey;
  }

  async createShipment(request: ShipmentRequest): Promise<Shipment> {
    const answer = await this.send('POST', '/shipments', contractBody(request));
    if (answer.status !== 200 && answer.status !== 201) throw this.failure(answer);
    return parseShipment(answer);
  }

  async fetchLabel(shipment: Shipment, _request: ShipmentRequest): Promise<LabelAnswer> {
    // The carrier has the request already: it was sent with the shipment's creation.
    const answer = await this.send('GET', `/shipments/${encodeURIComponent(shipment.shipmentId)}/label`);
    if (answer.status === 202) return { status: 'pending' };
    if (answer.status !== 200) throw this.failure(answer);
    const type = answer.headers.get('content-type') ?? '';
    if (!/^application\/pdf\b/i.test(type) || answer.body.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw new CarrierUnavailableError(`The carrier's answer to ${answer.what} is not a PDF (${type.slice(0, 60) || 'no content type'})`);
    }
    return { status: 'ready', pdf: answer.body };
  }

  async cancelShipment(shipment: Shipment): Promise<void> {
    const answer = await this.send('DELETE', `/shipments/${encodeURIComponent(shipment.shipmentId)}`);
    // 404: the carrier no longer knows it, which is what cancelling wanted.
    if (answer.status === 204 || answer.status === 200 || answer.status === 404) return;
    throw this.failure(answer);
  }

  /** One request and its whole answer, within the timeout; no answer at all is a CarrierUnavailableError. */
  private async send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<CarrierAnswer> {
    const what = `${method} ${path}`;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.#apiKey}`,
          Accept: method === 'GET' ? 'application/pdf, application/json' : 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Following a redirect could carry the key to another host: a 3xx is answered as it is, and refused.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return { what, status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      throw new CarrierUnavailableError(`The carrier did not answer ${what}: ${this.reason(error)}`, { cause: error });
    }
  }

  /** The error for an answer the operation does not expect. */
  private failure(answer: CarrierAnswer): Error {
    const { status } = answer;
    const problem = this.problem(answer);
    const told = `${status} ${problem.code}${problem.message ? ` (${problem.message})` : ''}`;
    if (status >= 500 || RETRYABLE_CLIENT_STATUSES.has(status)) {
      return new CarrierUnavailableError(`The carrier failed ${answer.what}: ${told}`);
    }
    if (status >= 300 && status < 500) return new CarrierRefusedError(`The carrier refused ${answer.what}: ${told}`, problem.code);
    return new CarrierUnavailableError(`The carrier answered ${answer.what} with an unexpected ${status}`);
  }

  /** The error body's `{code, message}`, when it has one; `HTTP_<status>` otherwise. */
  private problem(answer: CarrierAnswer): { code: string; message: string | null } {
    const fallback = { code: `HTTP_${answer.status}`, message: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return fallback;
    }
    if (!isRecord(parsed)) return fallback;
    const code = typeof parsed.code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(parsed.code) ? parsed.code : fallback.code;
    const message = typeof parsed.message === 'string' ? this.clean(parsed.message) : null;
    return { code, message: message || null };
  }

  /** A carrier's message as we may repeat it: one short line, without our key should the carrier have echoed it. */
  private clean(message: string): string {
    return message
      .split(this.#apiKey)
      .join('[API key]')
      .replace(/\p{Cc}+/gu, ' ')
      .trim()
      .slice(0, MAX_CARRIER_MESSAGE);
  }

  private reason(error: unknown): string {
    if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${this.timeoutMs} ms`;
    if (error instanceof Error) {
      // fetch says "fetch failed" and keeps the system's reason (ECONNREFUSED, ECONNRESET…) in its cause.
      const cause = error.cause;
      const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : null;
      return this.clean(code ? `${error.message} (${code})` : error.message);
    }
    return 'unknown error';
  }
}

interface CarrierAnswer {
  /** "POST /shipments", for messages: the method and path, never the headers. */
  what: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

/** The request as the contract spells it, field by field, so that nothing else the caller's object holds is sent. */
function contractBody(request: ShipmentRequest) {
  return {
    reference: request.reference,
    kind: request.kind,
    sender: contractAddress(request.sender),
    recipient: contractAddress(request.recipient),
    weightGrams: request.weightGrams,
    contents: [...request.contents],
  };
}

function contractAddress(address: LabelAddress): LabelAddress {
  return {
    name: address.name,
    attention: address.attention,
    street: address.street,
    streetComplement: address.streetComplement,
    zipCode: address.zipCode,
    city: address.city,
    country: address.country,
    phone: address.phone,
  };
}

function parseShipment(answer: CarrierAnswer): Shipment {
  const malformed = (why: string) => new CarrierUnavailableError(`The carrier's answer to ${answer.what} breaks the contract: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw malformed('not JSON');
  }
  if (!isRecord(parsed)) throw malformed('not an object');
  for (const field of ['shipmentId', 'trackingNumber', 'carrier'] as const) {
    if (typeof parsed[field] !== 'string' || parsed[field].trim() === '') throw malformed(`${field} is not a non-empty string`);
  }
  const trackingLink = parsed.trackingLink ?? null;
  if (trackingLink !== null && typeof trackingLink !== 'string') throw malformed('trackingLink is neither a string nor null');
  return {
    shipmentId: parsed.shipmentId as string,
    trackingNumber: parsed.trackingNumber as string,
    trackingLink,
    carrier: parsed.carrier as string,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
