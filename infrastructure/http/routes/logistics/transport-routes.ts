import { documentsTokenRefusal, documentsTokenVerdict } from '../../../../application/buybacks/documents-token.js';
import type { LinkSecrets } from '../../../../application/ports/link-secrets.js';
import type { LogisticsPorts } from '../../../../application/logistics/logistics-ports.js';
import type { LogisticsQueries, LabelState } from '../../../../application/logistics/logistics-queries.js';
import type { LabelWorker } from '../../../../application/logistics/label-worker.js';
import { CARRIER_REPORT_NOT_APPLIED_REASONS, recordCarrierReport } from '../../../../application/logistics/carrier-events.js';
import { InstructionsView, TransportDetailView, TransportPage } from '../../../../application/logistics/logistics-views.js';
import { retryLabel } from '../../../../application/logistics/commands/transports.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import { TRANSPORT_KINDS } from '../../../../domain/logistics/transports/events.js';
import { CARRIER_CLOCK_SKEW_SECONDS } from '../../../../domain/logistics/transports/delivery-order.js';
import { DELIVERY_STATUSES } from '../../../../domain/values/delivery-status.js';
import type { Logger } from 'pino';
import type { Throttle } from '../../../security/throttle.js';
import { verifySignature } from '../../../security/webhook-signature.js';
import { commandRoute } from '../../command-route.js';
import { HttpError } from '../../errors.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route, type SignedBodyCheck } from '../../route.js';
import { StringEnum, Type, idParams, noBody, uuid } from '../schemas.js';
import { LABEL_RETRY_AFTER_SECONDS } from './package-routes.js';

export interface TransportRouteDependencies {
  ports: LogisticsPorts;
  queries: LogisticsQueries;
  labels: LabelWorker;
  linkSecrets: LinkSecrets;
  logger: Logger;
  /** The secret carriers sign their webhook with (CARRIER_WEBHOOK_SECRET, else the installation's own: infrastructure/security/carrier-webhook-secret.ts), read when the first report comes. */
  webhookSecret: () => string;
  /** Webhook calls per client address. */
  webhookThrottle: Throttle;
}

export const TRANSPORT_SORTS = {
  createdAt: { path: 'createdAt' },
  identificationNumber: { path: 'firstIdentificationNumber', nullable: true },
  deliveryStatus: { path: 'deliveryStatus', nullable: true },
} as const;

const onBuyback = idParams('id');
const tag = 'transports';

const notReady = () => new HttpError('SHIPPING_LABEL_NOT_READY', { retryAfterSeconds: LABEL_RETRY_AFTER_SECONDS }, { 'Retry-After': String(LABEL_RETRY_AFTER_SECONDS) });

/** A label's answer: the PDF when ready, 425 while it is made, 404 when none is expected. */
async function labelAnswer(labels: LabelWorker, state: LabelState, filename: string, notExpected: string) {
  if (state.state === 'none') throw new HttpError(notExpected);
  const pdf = state.state === 'ready' ? await labels.labelPdf(state.transportId) : null;
  if (!pdf) throw notReady();
  return { raw: { contentType: 'application/pdf', data: pdf }, headers: { 'Content-Disposition': `inline; filename="${filename}.pdf"`, 'Cache-Control': 'no-store' } };
}

export function transportRoutes({ ports, queries, labels, linkSecrets, logger, webhookSecret, webhookThrottle }: TransportRouteDependencies): Route[] {
  /** A buyback by id whatever the caller (labels and instructions are asked by its id: the storefront's customer knows it). */
  const buybackById = async (id: string) => {
    const found = await queries.buyback(id);
    if (!found) throw new HttpError('BUYBACK_NOT_FOUND', { buybackId: id });
    return found;
  };
  /**
   * Whoever holds a documents token signed for this buyback and not expired,
   * or a staff member who may open it; else the token's refusal
   * (DOCUMENTS_LINK_EXPIRED, DOCUMENTS_LINK_INVALID), or 404 without one.
   */
  const mayDownload = async (principal: Principal | null, buybackId: string, token: string | undefined) => {
    const verdict = token ? documentsTokenVerdict(linkSecrets, buybackId, token, ports.clock.now()) : null;
    if (verdict === 'valid') return;
    const staff = principal?.kind === 'user' && (await queries.visibleBuyback(principal, buybackId).then(() => true, () => false));
    if (staff) return;
    if (verdict) throw documentsTokenRefusal(verdict, buybackId);
    throw new HttpError('BUYBACK_NOT_FOUND', { buybackId });
  };

  /**
   * The webhook's gate, before its body is parsed: the sender's address
   * throttled, then the signature over the raw body. Whatever the body, a
   * request without the secret gets the same 401 (its reason says only what
   * was wrong with the header), and learns nothing of the fields expected.
   */
  let secret: string | null = null;
  const carrierSigned: SignedBodyCheck = async (request, raw) => {
    const address = request.ip ?? 'unknown';
    const wait = await webhookThrottle.hit(address);
    if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
    const verdict = verifySignature(request.header('x-carrier-signature'), raw, (secret ??= webhookSecret()), Math.floor(Date.parse(ports.clock.now()) / 1000));
    if (!verdict.valid) {
      logger.warn({ audit: 'carrier_event_refused', reason: verdict.reason, address, correlationId: request.header('x-correlation-id') }, 'carrier event refused');
      throw new HttpError('CARRIER_SIGNATURE_INVALID', { reason: verdict.reason });
    }
  };

  return [
    defineRoute({
      method: 'head',
      path: '/buybacks/{id}/shipping-label',
      operationId: 'shippingLabelReadiness',
      summary:
        'Whether the buyback’s shipping label is ready: 200 ready, 425 while it is being made, 404 when this buyback expects none. The UIs ask after 3, 5, 10 and 15 seconds, then say it is not available',
      tag,
      access: { kind: 'public' },
      params: onBuyback,
      response: { status: 200, description: 'Ready' },
      otherResponses: { 425: 'The label is being made (SHIPPING_LABEL_NOT_READY): ask again after Retry-After' },
      async handler({ params }) {
        const state = await queries.shippingLabelState(await buybackById(params.id));
        if (state.state === 'none') throw new HttpError('SHIPPING_LABEL_NOT_EXPECTED');
        if (state.state === 'pending') throw notReady();
        return { status: 200 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}/shipping-label',
      operationId: 'getShippingLabel',
      summary:
        'The buyback’s shipping label (a 10 × 15 cm PDF): its customer’s own (with the documents token its registration answered, `token`: signed for this buyback, valid DOCUMENTS_LINK_TTL_DAYS) or its package’s (staff who may open the buyback). A token of another buyback or altered: 404 DOCUMENTS_LINK_INVALID; expired: 410 DOCUMENTS_LINK_EXPIRED. 425 while it is being made, 404 when none is expected',
      tag,
      access: { kind: 'public', identifies: true },
      params: onBuyback,
      query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 128 })) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'The label', contentType: 'application/pdf' },
      otherResponses: {
        410: 'The documents token expired (DOCUMENTS_LINK_EXPIRED): its owner gets a new one from their cart (GET /carts/{cartId})',
        425: 'The label is being made (SHIPPING_LABEL_NOT_READY): ask again after Retry-After',
      },
      async handler({ params, query, identified }) {
        await mayDownload(identified, params.id, query.token);
        const buyback = await buybackById(params.id);
        return labelAnswer(labels, await queries.shippingLabelState(buyback), `label-${buyback.identificationNumber}`, 'SHIPPING_LABEL_NOT_EXPECTED');
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}/return-label',
      operationId: 'getReturnLabel',
      summary: 'The label of the device sent back to its customer (refused price, cancellation at the warehouse): 425 while it is being made, 404 when no return is expected',
      tag,
      access: { kind: 'authenticated', permission: 'transport.return_label' },
      params: onBuyback,
      personalData: true,
      response: { status: 200, description: 'The return label', contentType: 'application/pdf' },
      otherResponses: { 425: 'The label is being made (SHIPPING_LABEL_NOT_READY): ask again after Retry-After' },
      async handler({ principal, params }) {
        const buyback = await queries.visibleBuyback(principal, params.id);
        return labelAnswer(labels, await queries.returnLabelState(buyback), `return-${buyback.identificationNumber}`, 'RETURN_LABEL_NOT_EXPECTED');
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}/instructions',
      operationId: 'getBuybackInstructions',
      summary: 'What to do with the parcel: the circuit’s instructions in order (agenda, close, deliver, insert, join, mailbox, none, post, print, protect, sign), shown to the customer and the seller',
      tag,
      access: { kind: 'public' },
      params: onBuyback,
      response: { status: 200, description: 'The instructions', schema: InstructionsView },
      async handler({ params }) {
        return { body: await queries.instructions(await buybackById(params.id)) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/transport/events',
      operationId: 'receiveCarrierEvent',
      summary: `The carriers’ webhook (docs/carrier-contract.md): a delivery report signed with HMAC-SHA256 over its raw body (\`X-Carrier-Signature: t=…,v1=…\`), checked before the body is read. Unsigned, wrongly signed or signed more than 5 minutes away: 401 whatever the body, and nothing changes. Dated more than ${CARRIER_CLOCK_SKEW_SECONDS / 60} minutes ahead of the platform’s clock: 422 CARRIER_EVENT_IN_FUTURE. A report seen before, older than the latest applied, or of a status the parcel is past (the contract’s order) is answered 200 and not applied (the last two kept in the transport’s history). Each is logged`,
      tag,
      access: { kind: 'public' },
      signedBody: carrierSigned,
      body: Type.Object(
        {
          eventId: Type.String({ minLength: 1, maxLength: 100 }),
          type: Type.String({ minLength: 1, maxLength: 60, description: `One of ${DELIVERY_STATUSES.join(', ')}; another is logged and ignored.` }),
          trackingNumber: Type.String({ minLength: 1, maxLength: 60 }),
          occurredAt: Type.String({ format: 'date-time', maxLength: 40 }),
        },
        // Carriers add fields of their own: kept out of the record, not refused (a few dozen at most).
        { additionalProperties: true, maxProperties: 40 },
      ),
      response: {
        status: 200,
        description: 'Received: whether it changed anything',
        schema: Type.Object(
          { applied: Type.Boolean(), reason: Type.Optional(StringEnum(CARRIER_REPORT_NOT_APPLIED_REASONS)) },
          { title: 'CarrierEventAnswer' },
        ),
      },
      otherResponses: { 401: 'Unsigned, wrongly signed or signed more than 5 minutes away (CARRIER_SIGNATURE_INVALID), whatever the body: nothing changes' },
      async handler({ body, correlationId }) {
        const outcome = await recordCarrierReport(ports, body).catch((error: unknown) => {
          logger.warn({ audit: 'carrier_event_refused', eventId: body.eventId, trackingNumber: body.trackingNumber, occurredAt: body.occurredAt, err: error, correlationId }, 'carrier event refused');
          throw error;
        });
        logger.info({ audit: 'carrier_event', eventId: body.eventId, type: body.type, trackingNumber: body.trackingNumber, ...outcome, correlationId }, 'carrier event received');
        return {
          status: 200,
          position: outcome.position,
          body: outcome.applied ? { applied: true } : { applied: false, reason: outcome.reason },
        };
      },
    }),
    ...listRoutes({
      path: '/transports',
      tag,
      sorts: TRANSPORT_SORTS,
      filters: {
        kind: Type.Optional(Type.Array(StringEnum(TRANSPORT_KINDS), { maxItems: TRANSPORT_KINDS.length })),
        deliveryStatus: Type.Optional(Type.Array(StringEnum(DELIVERY_STATUSES), { maxItems: DELIVERY_STATUSES.length })),
        labelStatus: Type.Optional(Type.Array(StringEnum(['pending', 'ready', 'failed'] as const), { maxItems: 3 })),
        identificationNumber: Type.Optional(Type.String({ pattern: '^[0-9]{1,13}$', maxLength: 13 })),
        trackingNumber: Type.Optional(Type.String({ maxLength: 60 })),
        storeId: Type.Optional(uuid),
        warehouseId: Type.Optional(uuid),
        from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
        to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
      },
      page: {
        operationId: 'listTransports',
        summary: 'The transports the caller may see (a store’s packages, a warehouse’s arrivals and returns, the tenant’s), newest first: each with its buyback numbers, carrier, tracking and delivery status',
        permission: 'transport.list',
        schema: TransportPage,
        handler: ({ principal }, query) => queries.listTransports(principal, query),
      },
    }),
    defineRoute({
      method: 'get',
      path: '/transports/{id}',
      operationId: 'getTransport',
      summary: 'One transport: its buybacks, its label’s attempts, its delivery, and its history: the carrier’s reports, applied or set aside (older than the latest applied, or of a status it was past)',
      tag,
      access: { kind: 'authenticated', permission: 'transport.list' },
      params: idParams('id'),
      response: { status: 200, description: 'The transport, with the carrier’s reports (applied or set aside)', schema: TransportDetailView },
      handler: async ({ principal, params }) => ({ body: await queries.transport(principal, params.id) }),
    }),
    commandRoute(retryLabel, ports, {
      path: '/transports/{id}/retry-label',
      operationId: 'retryTransportLabel',
      summary: 'Asks the carrier again for a label it failed to give (TRANSPORT_LABEL_NOT_FAILED when it did not fail)',
      tag,
      params: idParams('id'),
      body: noBody,
      input: ({ params }) => ({ transportId: params.id }),
    }),
  ];
}
