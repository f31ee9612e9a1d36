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

export interface DecidePriceProposalInput {
  buybackId: string;
  /** The secret of the link e-mailed to the customer. */
  token: string;
  decision: 'accept' | 'reject';
}

/**
 * The customer accepts or rejects a new price, from the link they were
 * e-mailed: no login, the link's secret is the authority (an unknown buyback
 * and a wrong secret answer alike, so a link cannot be guessed).
 */
export const decidePriceProposal = defineCommand<BuybackPorts, DecidePriceProposalInput, BuybackOutcome>({
  name: 'DecidePriceProposal',
  permission: null,
  async run(deps, context, { buybackId, token, decision }) {
    const document = await proposalDocument(deps, buybackId, token);
    const decisionTokenHash = hashSecret(token);
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

/** The buyback's read model, once the link's secret matches its proposal (PRICE_PROPOSAL_NOT_FOUND otherwise). */
export async function proposalDocument(deps: BuybackPorts, buybackId: string, token: string): Promise<BuybackDocument> {
  const state = foldStream(buybackDecider, await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId)));
  if (state.context.proposal?.decisionTokenHash !== hashSecret(token)) throw new ApplicationError('PRICE_PROPOSAL_NOT_FOUND');
  const document = await deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId);
  if (!document) throw new ApplicationError('PRICE_PROPOSAL_NOT_FOUND');
  return document;
}
