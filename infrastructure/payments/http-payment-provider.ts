import {
  PaymentProviderRefusedError,
  PaymentProviderUnavailableError,
  type PaymentGateway,
  type PaymentInitiation,
  type PaymentOrder,
} from '../../application/payments/payment-gateway.js';

export interface HttpPaymentProviderOptions {
  /** The provider API's base URL (`PAYMENT_PROVIDER_URL`); the contract's paths are relative to it. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; printable ASCII, no spaces. */
  apiKey: string;
  /** How long one request may take, its answer's body included; 5 s by default. */
  timeoutMs?: number;
  /** How many requests one initiation makes at most before giving up for now; 3 by default. */
  maxRequests?: number;
  /** The wait before the second request, doubled before each next one; 250 ms by default. */
  backoffMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_REQUESTS = 3;
const DEFAULT_BACKOFF_MS = 250;
/** Refusals that say "not now" rather than "never": retried like a 5xx. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 409, 425, 429]);
/** A provider's own message is kept short in ours: it goes into logs and the payment's failure. */
const MAX_PROVIDER_MESSAGE = 200;
const MAX_REFERENCE = 255;

/**
 * A payment provider reached over HTTP, as docs/payment-provider-contract.md
 * describes it. Every request carries the attempt's idempotency key
 * (`Idempotency-Key`), so the provider pays once however often it is asked:
 * a 5xx, a 408/409/425/429, a timeout, a connection refused or an answer
 * that breaks the contract are asked again here, with backoff, up to
 * `maxRequests`; then a PaymentProviderUnavailableError says "later" (the
 * caller asks again with the same key). Any other 4xx is a
 * PaymentProviderRefusedError with the provider's code: not worth repeating.
 *
 * The API key never leaves the Authorization header: a private field, named
 * in no message, blanked from a provider's message that echoes it.
 */
export class HttpPaymentProvider implements PaymentGateway {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRequests: number;
  private readonly backoffMs: number;
  readonly #apiKey: string;

  constructor(options: HttpPaymentProviderOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The payment provider URL must be http(s)');
    if (!/^[\x21-\x7e]+$/.test(options.apiKey)) throw new Error('The payment provider API key must be printable ASCII without spaces');
    this.baseUrl = url.href.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRequests = Math.max(1, options.maxRequests ?? DEFAULT_MAX_REQUESTS);
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.#apiKey = options.apiKey;
  }

  async initiate(order: PaymentOrder): Promise<PaymentInitiation> {
    const body = contractBody(order);
    let lastError: PaymentProviderUnavailableError | null = null;
    for (let request = 1; request <= this.maxRequests; request++) {
      if (request > 1) await sleep(this.backoffMs * 2 ** (request - 2));
      try {
        return await this.once(order.idempotencyKey, body);
      } catch (error) {
        if (!(error instanceof PaymentProviderUnavailableError)) throw error;
        lastError = error;
      }
    }
    throw new PaymentProviderUnavailableError(`${lastError?.message ?? 'The payment provider did not answer'} (${this.maxRequests} requests)`, { cause: lastError });
  }

  private async once(idempotencyKey: string, body: ReturnType<typeof contractBody>): Promise<PaymentInitiation> {
    const what = 'POST /payments';
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.baseUrl}/payments`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.#apiKey}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Idempotency-Key': idempotencyKey,
        },
        body: JSON.stringify(body),
        // Following a redirect could carry the key to another host: a 3xx is refused.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new PaymentProviderUnavailableError(`The payment provider did not answer ${what}: ${this.reason(error)}`, { cause: error });
    }
    if (status === 200 || status === 201) return this.parseInitiation(what, text);
    const problem = this.problem(status, text);
    const told = `${status} ${problem.code}${problem.message ? ` (${problem.message})` : ''}`;
    if (status >= 500 || RETRYABLE_CLIENT_STATUSES.has(status)) throw new PaymentProviderUnavailableError(`The payment provider failed ${what}: ${told}`);
    if (status >= 300 && status < 500) throw new PaymentProviderRefusedError(`The payment provider refused ${what}: ${told}`, problem.code, problem.message);
    throw new PaymentProviderUnavailableError(`The payment provider answered ${what} with an unexpected ${status}`);
  }

  private parseInitiation(what: string, text: string): PaymentInitiation {
    const malformed = (why: string) => new PaymentProviderUnavailableError(`The payment provider's answer to ${what} breaks the contract: ${why}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw malformed('not JSON');
    }
    if (!isRecord(parsed)) throw malformed('not an object');
    const reference = parsed.providerReference;
    if (typeof reference !== 'string' || reference.trim() === '' || reference.length > MAX_REFERENCE) throw malformed('providerReference is not a string of 1 to 255 characters');
    if (parsed.status !== undefined && parsed.status !== 'initiated') throw malformed('status is not "initiated"');
    return { providerReference: reference.trim() };
  }

  /** The error body's `{code, message}`, when it has one; `HTTP_<status>` otherwise. */
  private problem(status: number, text: string): { code: string; message: string | null } {
    const fallback = { code: `HTTP_${status}`, message: null };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fallback;
    }
    if (!isRecord(parsed)) return fallback;
    const code = typeof parsed.code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(parsed.code) ? parsed.code : fallback.code;
    const message = typeof parsed.message === 'string' ? this.clean(parsed.message) : null;
    return { code, message: message || null };
  }

  private clean(message: string): string {
    return message
      .split(this.#apiKey)
      .join('[API key]')
      .replace(/\p{Cc}+/gu, ' ')
      .trim()
      .slice(0, MAX_PROVIDER_MESSAGE);
  }

  private reason(error: unknown): string {
    if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${this.timeoutMs} ms`;
    if (error instanceof Error) {
      const cause = error.cause;
      const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : null;
      return this.clean(code ? `${error.message} (${code})` : error.message);
    }
    return 'unknown error';
  }
}

/** The request as the contract spells it, field by field. */
function contractBody(order: PaymentOrder) {
  return {
    paymentId: order.paymentId,
    attempt: order.attempt,
    provider: order.provider,
    type: order.type,
    amount: { amountInCents: order.amount.amountInCents, currency: order.amount.currency },
    reference: order.reference,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
