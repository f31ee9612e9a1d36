import type { BuybackPorts } from '../../../../application/buybacks/buyback-ports.js';
import { PriceProposalView, ProposalDecisionView, ForgetCustomerView } from '../../../../application/buybacks/buyback-views.js';
import { decidePriceProposal } from '../../../../application/buybacks/commands/decide-price-proposal.js';
import { forgetCustomer } from '../../../../application/buybacks/commands/forget-customer.js';
import { getPriceProposal } from '../../../../application/buybacks/queries/get-price-proposal.js';
import { commandContext } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams, uuid } from '../schemas.js';

/** The proposal's own link secret, or the buyback's tracking token (`<expiry>.<signature>`: application/buybacks/tracking-token.ts). */
const tokenSchema = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_.-]+$' });
const TOKEN_NOTE =
  'The token is the secret of the proposal’s e-mailed link, or the buyback’s tracking token (its /tracking page): another buyback’s or altered 404 TRACKING_LINK_INVALID, expired 410 TRACKING_LINK_EXPIRED';
const tokenRefusals = { 410: 'The tracking token expired (TRACKING_LINK_EXPIRED)' };

/** Routes a customer reaches from a link e-mailed to them (no account), and the right to be forgotten. */
export function priceProposalRoutes(ports: BuybackPorts): Route[] {
  const decide = (decision: 'accept' | 'reject') =>
    defineRoute({
      method: 'post',
      path: `/public/buybacks/{id}/price-proposal/${decision}`,
      operationId: decision === 'accept' ? 'acceptPriceProposal' : 'rejectPriceProposal',
      summary:
        decision === 'accept'
          ? `The customer accepts the new price: the buyback completes at that price. ${TOKEN_NOTE}`
          : `The customer rejects the new price: the buyback is not completed and the device goes back. ${TOKEN_NOTE}`,
      tag: 'public',
      access: { kind: 'public' },
      params: idParams('id'),
      body: Type.Object({ token: tokenSchema }, { additionalProperties: false }),
      idempotent: true,
      response: { status: 200, description: 'The buyback’s new status', schema: ProposalDecisionView },
      otherResponses: tokenRefusals,
      async handler({ params, body, correlationId, locale }) {
        const outcome = await decidePriceProposal.run(
          ports,
          { principal: PUBLIC_PRINCIPAL, correlationId, locale },
          { buybackId: params.id, token: body.token, decision },
        );
        return { position: outcome.position, body: { id: outcome.id, status: outcome.status } };
      },
    });

  return [
    defineRoute({
      method: 'get',
      path: '/public/buybacks/{id}/price-proposal',
      operationId: 'getPriceProposal',
      summary: `The new price proposal as the customer sees it (old and new price, reason, whether it is already resolved). ${TOKEN_NOTE}`,
      tag: 'public',
      access: { kind: 'public' },
      params: idParams('id'),
      query: Type.Object({ token: tokenSchema }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'The proposal', schema: PriceProposalView },
      otherResponses: tokenRefusals,
      async handler({ params, query }) {
        return { body: await getPriceProposal(ports, params.id, query.token) };
      },
    }),
    decide('accept'),
    decide('reject'),
    defineRoute({
      method: 'post',
      path: '/admin/customers/forget',
      operationId: 'forgetCustomer',
      summary: 'Forgets a customer: deletes their key, so their personal data can never be read again, and erases the e-mails kept',
      tag: 'operations',
      access: { kind: 'authenticated', permission: forgetCustomer.permission as string },
      body: Type.Object(
        { email: Type.String({ format: 'email', maxLength: 255 }), accountId: Type.Optional(uuid) },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 200, description: 'What was erased', schema: ForgetCustomerView },
      async handler(context) {
        const result = await forgetCustomer.run(ports, commandContext(context), context.body);
        return { position: result.position, body: { subjectId: result.subjectId, keyDeleted: result.keyDeleted, messagesErased: result.messagesErased } };
      },
    }),
  ];
}

/** The customer acting through their link: no user, no tenant of their own, no permission. */
const PUBLIC_PRINCIPAL = {
  kind: 'anonymous',
  userId: null,
  accountId: null,
  module: null,
  userType: 'pseudo_anonymous',
  organizationId: null,
  permissions: new Set<string>(),
  visibleStoreIds: null,
} as const;
