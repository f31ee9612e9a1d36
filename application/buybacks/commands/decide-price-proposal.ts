import type { BuybackCommand } from '../../../domain/buybacks/commands.js';
import { foldStream } from '../../commands/command-handler.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { buybackDecider } from '../buyback-decider.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../read-models.js';
import { BUYBACK_STREAMS } from '../streams.js';
import { appendToBuyback, buybackOutcome, type BuybackOutcome } from './buyback-command.js';
import { hashSecret } from './propose-new-price.js';
import type { PriceProposal } from '../../../domain/buybacks/state.js';
import type { BuybackSnapshot } from '../../../domain/buybacks/machine.js';
import { SIGNED_LINK_SHAPE } from '../signed-link.js';
import { assertTrackingToken } from '../tracking-token.js';

export interface DecidePriceProposalInput {
  buybackId: string;
  /** The secret of the link e-mailed to the customer: the proposal's own, or the buyback's tracking token. */
  token: string;
  decision: 'accept' | 'reject';
}

/**
 * The customer accepts or rejects a new price, from the link they were
 * e-mailed: no login, the link's secret is the authority (an unknown buyback
 * and a wrong secret answer alike, so a link cannot be guessed). The
 * buyback's tracking link (tracking-token.ts) answers it too: its page shows
 * the proposal, and the event then names the proposal's own hash.
 */
export const decidePriceProposal = defineCommand<BuybackPorts, DecidePriceProposalInput, BuybackOutcome>({
  name: 'DecidePriceProposal',
  permission: null,
  async run(deps, context, { buybackId, token, decision }) {
    const { document, decisionTokenHash } = await proposalDocument(deps, buybackId, token);
    const command: BuybackCommand =
      decision === 'accept' ? { type: 'AcceptNewPrice', data: { decisionTokenHash } } : { type: 'RejectNewPrice', data: { decisionTokenHash } };
    const result = await appendToBuyback(deps, buybackId, command, {
      accountId: document.accountId,
      organizationId: document.organizationId,
      userId: null,
      correlationId: context.correlationId,
      causationId: null,
      occurredAt: deps.clock.now(),
    });
    return buybackOutcome(buybackId, result);
  },
});

/**
 * The buyback's proposal when `token` opens it: the secret of its own link,
 * or the buyback's tracking token (signed for it and not expired:
 * TRACKING_LINK_INVALID, TRACKING_LINK_EXPIRED otherwise). No proposal, or
 * another secret: PRICE_PROPOSAL_NOT_FOUND.
 */
export function proposalOpenedBy(deps: Pick<BuybackPorts, 'linkSecrets' | 'clock'>, state: BuybackSnapshot, buybackId: string, token: string): PriceProposal {
  const byTracking = SIGNED_LINK_SHAPE.test(token);
  if (byTracking) assertTrackingToken(deps.linkSecrets, buybackId, token, deps.clock.now());
  const proposal = state.context.proposal;
  if (!proposal || (!byTracking && proposal.decisionTokenHash !== hashSecret(token))) throw new ApplicationError('PRICE_PROPOSAL_NOT_FOUND');
  return proposal;
}

/** The buyback's read model and its proposal's hash, once `token` opens its proposal (proposalOpenedBy). */
export async function proposalDocument(deps: BuybackPorts, buybackId: string, token: string): Promise<{ document: BuybackDocument; decisionTokenHash: string }> {
  const state = foldStream(buybackDecider, await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId)));
  const { decisionTokenHash } = proposalOpenedBy(deps, state, buybackId, token);
  const document = await deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
  if (!document) throw new ApplicationError('PRICE_PROPOSAL_NOT_FOUND');
  return { document, decisionTokenHash };
}
