import { createHash } from 'node:crypto';
import { money } from '../../../domain/shared/money.js';
import { PRICE_PROPOSAL_ANSWER_DAYS } from '../../../domain/buybacks/state.js';
import { defineCommand } from '../../commands/command-slice.js';
import { isForgotten } from '../../ports/personal-data.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { appendToBuyback, buybackOutcome, commandMetadata, visibleBuyback, type BuybackOutcome, type OnBuyback } from './buyback-command.js';
import { customerLocaleOf } from './customer-locale.js';

export interface ProposeNewPriceInput extends OnBuyback {
  proposedPriceInCents: number;
  reason: string;
  comment?: string | null;
}

/**
 * Proposes a lower price after the check. The customer is e-mailed, in their
 * language, what was found (product, code, old and new price, reason, the
 * shared comment, the date to answer by) and a link to accept or reject it;
 * the link carries a secret of which only the hash is stored (in the event).
 */
export const proposeNewPrice = defineCommand<BuybackPorts, ProposeNewPriceInput, BuybackOutcome>({
  name: 'ProposeNewPrice',
  permission: 'buyback.control',
  async run(deps, context, input) {
    const buyback = await visibleBuyback(deps, context.principal, input.buybackId);
    const secret = deps.ids.secret();
    const proposedPrice = money(input.proposedPriceInCents, buyback.declaredPrice.currency);
    const metadata = commandMetadata(deps, context, buyback.accountId, context.principal.organizationId ?? buyback.organizationId);
    const result = await appendToBuyback(
      deps,
      buyback._id,
      {
        type: 'ProposeNewPrice',
        data: { proposedPrice, reason: input.reason, comment: input.comment ?? null, decisionTokenHash: hashSecret(secret) },
      },
      metadata,
      context.expectedRevision,
    );
    if (!isForgotten(buyback.customer)) {
      await deps.mailer.send({
        to: buyback.customer.email,
        template: 'priceProposal',
        locale: await customerLocaleOf(deps.documents, buyback),
        subjectId: buyback.customerSubjectId,
        params: {
          firstName: buyback.customer.firstName,
          product: buyback.product.label,
          code: buyback.identificationNumber,
          previousPrice: buyback.declaredPrice,
          proposedPrice,
          reason: input.reason,
          comment: input.comment ?? '',
          answerBy: answerBy(metadata.occurredAt),
          link: `${deps.publicBaseUrl}/buyback/${buyback._id}/accept?token=${secret}`,
        },
      });
    }
    return buybackOutcome(buyback._id, result);
  },
});

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The date by which the customer is asked to answer a proposal made at `proposedAt`. */
export function answerBy(proposedAt: string): string {
  return new Date(Date.parse(proposedAt) + PRICE_PROPOSAL_ANSWER_DAYS * 86_400_000).toISOString();
}
