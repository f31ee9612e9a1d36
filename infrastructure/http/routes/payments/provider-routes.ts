import type { Logger } from 'pino';
import { ApplicationError } from '../../../../application/commands/errors.js';
import type { Clock, IdGenerator } from '../../../../application/ports/clock.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import type { EventStore } from '../../../../application/ports/event-store.js';
import { isPlatformStaff } from '../../../../application/organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../../../application/organizations/read-models.js';
import { PROVIDER_REPORT_NOT_APPLIED_REASONS, PROVIDER_REPORT_TYPES, recordProviderReport } from '../../../../application/payments/provider-reports.js';
import type { Throttle } from '../../../security/throttle.js';
import { verifySignature } from '../../../security/webhook-signature.js';
import { HttpError } from '../../errors.js';
import { defineRoute, type Route, type SignedBodyCheck } from '../../route.js';
import { StringEnum, Type, idParams, uuid } from '../schemas.js';

export interface ProviderRouteDependencies {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** The secret payment providers sign their reports with (PAYMENT_WEBHOOK_SECRET, else the installation's own). */
  webhookSecret: () => string;
  /** Webhook calls per client address. */
  webhookThrottle: Throttle;
}

/** A provider's report is a few short fields: anything larger is refused before its signature is computed. */
export const PROVIDER_REPORT_MAX_BYTES = 8 * 1024;

const tag = 'payments';

/**
 * The payment providers reached over HTTP (docs/payment-provider-contract.md):
 * their signed reports, and whether an account's buyer pays instead of the
 * retailer (specification 001).
 */
export function providerRoutes({ eventStore, documents, clock, ids, logger, webhookSecret, webhookThrottle }: ProviderRouteDependencies): Route[] {
  let secret: string | null = null;
  /** The webhook's gate, before its body is parsed: throttled per address, bounded, then the signature over the raw body. */
  const providerSigned: SignedBodyCheck = async (request, raw) => {
    const address = request.ip ?? 'unknown';
    const wait = await webhookThrottle.hit(address);
    if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
    if (raw.length > PROVIDER_REPORT_MAX_BYTES) throw new HttpError('REQUEST_TOO_LARGE', { limit: PROVIDER_REPORT_MAX_BYTES });
    const verdict = verifySignature(request.header('x-payment-signature'), raw, (secret ??= webhookSecret()), Math.floor(Date.parse(clock.now()) / 1000));
    if (!verdict.valid) {
      logger.warn({ audit: 'payment_report_refused', reason: verdict.reason, address, correlationId: request.header('x-correlation-id') }, 'payment provider report refused');
      throw new HttpError('PAYMENT_PROVIDER_SIGNATURE_INVALID', { reason: verdict.reason });
    }
  };

  return [
    defineRoute({
      method: 'post',
      path: '/payments/provider-webhook',
      operationId: 'receivePaymentProviderReport',
      summary:
        'The payment providers’ webhook (docs/payment-provider-contract.md): a report that completes or fails a payment, signed with HMAC-SHA256 over its raw body (`X-Payment-Signature: t=…,v1=…`, the installation’s own secret: `npm run payment-webhook-secret`), checked before the body is read. Unsigned, wrongly signed or signed more than 5 minutes away: 401 whatever the body, and nothing changes. At most 8 KiB; throttled per address. A report sent again, of another attempt, of another reference or of a payment already past it is answered 200 and changes nothing',
      tag,
      access: { kind: 'public' },
      signedBody: providerSigned,
      body: Type.Object(
        {
          eventId: Type.String({ minLength: 1, maxLength: 100 }),
          type: StringEnum(PROVIDER_REPORT_TYPES),
          paymentId: uuid,
          attempt: Type.Integer({ minimum: 1, maximum: 1000 }),
          providerReference: Type.String({ minLength: 1, maxLength: 255 }),
          reasonCode: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
          message: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
          occurredAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
        },
        // Providers add fields of their own: kept out of the record, not refused (a few dozen at most).
        { additionalProperties: true, maxProperties: 40 },
      ),
      response: {
        status: 200,
        description: 'Received: whether it changed anything',
        schema: Type.Object(
          { applied: Type.Boolean(), reason: Type.Optional(StringEnum(PROVIDER_REPORT_NOT_APPLIED_REASONS)) },
          { title: 'PaymentProviderReportAnswer' },
        ),
      },
      otherResponses: { 401: 'Unsigned, wrongly signed or signed more than 5 minutes away (PAYMENT_PROVIDER_SIGNATURE_INVALID), whatever the body: nothing changes' },
      async handler({ body, correlationId }) {
        const outcome = await recordProviderReport({ eventStore, clock, ids }, body);
        logger.info(
          { audit: 'payment_report', eventId: body.eventId, type: body.type, paymentId: body.paymentId, attempt: body.attempt, applied: outcome.applied, reason: outcome.applied ? undefined : outcome.reason, correlationId },
          'payment provider report received',
        );
        return { status: 200, position: outcome.position, body: outcome.applied ? { applied: true } : { applied: false, reason: outcome.reason } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payment/account/{id}/by-buyer-feature-available',
      operationId: 'buyerPaymentFeatureAvailable',
      summary:
        'Whether the account’s buyer pays its customers instead of the retailer (the account setting `buyerPaymentEnabled`, specification 001): the buyer manager’s screens then show the payments to make. One’s own account only: another tenant’s answers 404 ACCOUNT_NOT_FOUND, as an account that does not exist; provider staff name any',
      tag,
      access: { kind: 'authenticated', permission: null, permissionNote: 'any signed-in user, for their own account' },
      params: idParams('id'),
      response: {
        status: 200,
        description: 'Whether the buyer pays',
        schema: Type.Object({ buyerPaymentEnabled: Type.Boolean() }, { title: 'BuyerPaymentFeature' }),
      },
      async handler({ principal, params }) {
        // Another tenant's account is answered as one that does not exist.
        const mine = isPlatformStaff(principal) || principal.accountId === params.id;
        const account = mine ? await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(params.id) : null;
        if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId: params.id });
        return { body: { buyerPaymentEnabled: account.settings.buyerPaymentEnabled === true } };
      },
    }),
  ];
}
