import { createHash } from 'node:crypto';
import { money, type Money } from '../../../domain/shared/money.js';
import type { BuybackDocument } from '../read-models.js';
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
    await mailPriceProposal(deps, buyback, { proposedPrice, reason: input.reason, comment: input.comment ?? null, proposedAt: metadata.occurredAt }, secret);
    return buybackOutcome(buyback._id, result);
  },
});

/**
 * The proposal e-mail, in the customer's language: what was found (product,
 * code, old and new price, reason, the shared comment, the date to answer
 * by) and the link to accept or reject it. Nothing for a forgotten customer.
 * A `deduplicationKey` sends it once whatever the calls (a process manager's).
 */
export async function mailPriceProposal(
  deps: Pick<BuybackPorts, 'mailer' | 'documents' | 'publicBaseUrl'>,
  buyback: BuybackDocument,
  proposal: { proposedPrice: Money; reason: string; comment: string | null; proposedAt: string },
  secret: string,
  deduplicationKey?: string,
): Promise<void> {
  if (isForgotten(buyback.customer)) return;
  await deps.mailer.send({
    to: buyback.customer.email,
    template: 'priceProposal',
    locale: await customerLocaleOf(deps.documents, buyback),
    subjectId: buyback.customerSubjectId,
    ...(deduplicationKey ? { deduplicationKey } : {}),
    params: {
      firstName: buyback.customer.firstName,
      product: buyback.product.label,
      code: buyback.identificationNumber,
      previousPrice: buyback.declaredPrice,
      proposedPrice: proposal.proposedPrice,
      reason: proposal.reason,
      comment: proposal.comment ?? '',
      answerBy: answerBy(proposal.proposedAt),
      link: `${deps.publicBaseUrl}/buyback/${buyback._id}/accept?token=${secret}`,
    },
  });
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The date by which the customer is asked to answer a proposal made at `proposedAt`. */
export function answerBy(proposedAt: string): string {
  return new Date(Date.parse(proposedAt) + PRICE_PROPOSAL_ANSWER_DAYS * 86_400_000).toISOString();
}
