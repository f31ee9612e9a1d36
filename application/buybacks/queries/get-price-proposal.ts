import { buybackStatus, isAwaitingCustomerDecision } from '../../../domain/buybacks/machine.js';
import { foldStream } from '../../commands/command-handler.js';
import { buybackDecider } from '../buyback-decider.js';
import type { BuybackPorts } from '../buyback-ports.js';
import type { PriceProposalView } from '../buyback-views.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../read-models.js';
import { BUYBACK_STREAMS } from '../streams.js';
import { answerBy } from '../commands/propose-new-price.js';
import { proposalOpenedBy } from '../commands/decide-price-proposal.js';

/**
 * The customer's side of a proposal, read with the link's secret (no login):
 * the proposal's own e-mailed link, or the buyback's tracking link.
 * The state comes from the buyback's own events; the read model adds the
 * product's label and the shared comment.
 */
export async function getPriceProposal(deps: BuybackPorts, buybackId: string, token: string): Promise<PriceProposalView> {
  const state = foldStream(buybackDecider, await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId)));
  const proposal = proposalOpenedBy(deps, state, buybackId, token);
  const document = await deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
  const status = buybackStatus(state);
  return {
    buybackId,
    identificationNumber: state.context.identificationNumber ?? '',
    productLabel: document?.product.label ?? null,
    previousPrice: proposal.previousPrice,
    proposedPrice: proposal.proposedPrice,
    reason: proposal.reason,
    comment: document?.proposal?.comment ?? null,
    answerBy: document?.proposal ? answerBy(document.proposal.proposedAt) : null,
    decision: status === 'bb_cancelled' ? 'cancelled' : proposal.decision,
    alreadyResolved: !isAwaitingCustomerDecision(state),
  };
}
