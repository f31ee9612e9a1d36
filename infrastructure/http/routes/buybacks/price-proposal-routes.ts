import type { BuybackService } from '../../../../application/buybacks/buyback-service.js';
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import { ORGANIZATION_COLLECTIONS } from '../../../../application/organizations/read-models.js';
import type { AccountDocument } from '../../../../application/organizations/read-models.js';
import { HttpError } from '../../errors.js';
import type { Route } from '../../route.js';
import { idParams, uuid } from '../schemas.js';

const tokenSchema = { type: 'string', minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' };

/** Routes a customer reaches from a link or the storefront, without an account. */
export function publicRoutes(
  buybacks: BuybackService,
  documents: DocumentStore,
  defaultWhiteLabelAccountId: () => Promise<string | null>,
): Route[] {
  const decide = (decision: 'accept' | 'reject'): Route => ({
    method: 'post',
    path: `/public/buybacks/{id}/price-proposal/${decision}`,
    operationId: decision === 'accept' ? 'acceptPriceProposal' : 'rejectPriceProposal',
    summary:
      decision === 'accept'
        ? 'The customer accepts the new price: the buyback completes at that price'
        : 'The customer rejects the new price: the buyback is not completed and the device goes back',
    tag: 'public',
    access: { kind: 'public' },
    params: idParams('id'),
    body: { type: 'object', required: ['token'], additionalProperties: false, properties: { token: tokenSchema } },
    idempotent: true,
    async handler({ params, body, correlationId }) {
      const outcome = await buybacks.decideProposal(params.id as string, (body as { token: string }).token, decision, correlationId);
      return { position: outcome.position, body: { id: outcome.id, status: outcome.status } };
    },
  });

  return [
    {
      method: 'get',
      path: '/white-label/config',
      operationId: 'getWhiteLabelConfig',
      summary: "The storefront's configuration and branding (must answer 200 for the storefront to start)",
      tag: 'public',
      access: { kind: 'public' },
      query: { type: 'object', additionalProperties: false, properties: { accountId: uuid } },
      async handler({ query }) {
        const accountId = (query.accountId as string | undefined) ?? (await defaultWhiteLabelAccountId());
        const account = accountId ? await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId) : null;
        if (!account?.whiteLabel) throw new HttpError('WHITE_LABEL_NOT_AVAILABLE');
        return {
          body: {
            ...account.whiteLabel,
            accountId: account._id,
            organizationId: account.webOrganizationId,
            name: account.name,
            language: account.language,
            currency: account.currency,
            mainColor: account.mainColor,
            logo: account.logoUrl,
            favicon: account.faviconUrl,
            categoryNavigationEnabled: account.settings.categoryNavigationEnabled,
            customerIdentityDocumentRequired: account.settings.customerIdentityDocumentRequired,
            cartMinValueInCents: account.settings.cartMinValueInCents,
            enabledPremiumFeatures: account.settings.enabledPremiumFeatures,
          },
        };
      },
    },
    {
      method: 'get',
      path: '/public/buybacks/{id}/price-proposal',
      operationId: 'getPriceProposal',
      summary: 'The new price proposal as the customer sees it (old and new price, reason, whether it is already resolved)',
      tag: 'public',
      access: { kind: 'public' },
      params: idParams('id'),
      query: { type: 'object', required: ['token'], additionalProperties: false, properties: { token: tokenSchema } },
      async handler({ params, query }) {
        return { body: await buybacks.proposalForCustomer(params.id as string, query.token as string) };
      },
    },
    decide('accept'),
    decide('reject'),
  ];
}
