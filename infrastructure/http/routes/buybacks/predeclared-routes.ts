import type { BuybackPorts } from '../../../../application/buybacks/buyback-ports.js';
import { verifiableBuyback } from '../../../../application/buybacks/queries/verifiable-buyback.js';
import { VerifiableBuybackView } from '../../../../application/buybacks/queries/verifiable-buyback-views.js';
import { parseIdentificationNumber } from '../../../../domain/values/identification-number.js';
import { defineRoute, type Route } from '../../route.js';
import { Type } from '../schemas.js';

/**
 * The pre-declared buybacks check (specification 000 §2, /buybacks-predeclared):
 * a store enters the code a web customer brings, learns whether it can take
 * that buyback in now, then finalizes it (POST /store/{storeId}/buybacks/{id}/finalize,
 * in buyback-routes.ts). The specification's call is `HEAD …/is-verifiable`;
 * the route is declared as GET, which also answers HEAD (the route table
 * serves a HEAD with its GET, without the body), so a client that needs to
 * know why a code is not eligible reads the same answer with its body.
 */
export function predeclaredRoutes(ports: BuybackPorts): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/buybacks/by-identification-number/{identificationNumber}/is-verifiable',
      operationId: 'isBuybackVerifiable',
      summary:
        'Whether the caller can take this buyback in hand now (HEAD; GET gives the reason): a store, a web pre-declaration awaiting its drop; a warehouse, a buyback in transit to it',
      tag: 'buybacks',
      access: { kind: 'authenticated', permission: 'buyback.read' },
      params: Type.Object({ identificationNumber: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
      response: { status: 200, description: 'The caller can go on with it: the step and, for a pre-declaration, until when its prices hold', schema: VerifiableBuybackView },
      otherResponses: { 409: 'BUYBACK_NOT_VERIFIABLE: the buyback exists but is not in a state for the caller to take it (details.status)' },
      async handler({ principal, params }) {
        return { body: await verifiableBuyback(ports.documents, principal, parseIdentificationNumber(params.identificationNumber)) };
      },
    }),
  ];
}
