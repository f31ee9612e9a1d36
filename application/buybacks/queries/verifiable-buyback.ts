import { allowedCommandsAt, type LifecycleCommandType } from '../../../domain/buybacks/allowed-commands.js';
import type { IdentificationNumber } from '../../../domain/values/identification-number.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { ApplicationError } from '../../commands/errors.js';
import { singleBuybackVisibility, type Principal } from '../../organizations/principal.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../read-models.js';
import { finalizeInStore } from '../commands/finalize-in-store.js';
import { checkInBuyback } from '../commands/check-in-buyback.js';
import { HANDS_ON_COMMANDS, type HandsOnCommand, type VerifiableBuybackView } from './verifiable-buyback-views.js';

/**
 * Specification 000 §8–9: a web pre-declaration's prices hold 15 days; a
 * store finalizing it later is warned that prices may have changed. The
 * declared price still stands: the warning is the store's to weigh.
 */
export const PREDECLARATION_PRICE_DAYS = 15;

/** The permission each hands-on step needs, read from its command slice. */
const HANDS_ON_STEPS: Record<HandsOnCommand, { permission: string | null }> = {
  FinalizeBuybackInStore: finalizeInStore,
  CheckInBuyback: checkInBuyback,
};

/**
 * Whether the caller can take the buyback with this code in hand now:
 * `BUYBACK_CODE_NOT_FOUND` (404) when the code names no buyback the caller
 * may open (another tenant's, another store's, none), `BUYBACK_NOT_VERIFIABLE`
 * (409, with its status) when it names one whose next hands-on step is not
 * the caller's to take now (already finalized, in transit, cancelled, or
 * another role's step). The rule is the machine's and the permissions': a
 * hands-on step the buyback's state allows and the caller holds.
 */
export async function verifiableBuyback(
  documents: DocumentStore,
  principal: Principal,
  identificationNumber: IdentificationNumber,
): Promise<VerifiableBuybackView> {
  const [buyback] = await documents
    .collection<BuybackDocument>(BUYBACKS_COLLECTION)
    .find({ $and: [singleBuybackVisibility(principal), { identificationNumber }] }, { limit: 1 });
  if (!buyback) throw new ApplicationError('BUYBACK_CODE_NOT_FOUND', { identificationNumber });
  const allowed: readonly LifecycleCommandType[] = allowedCommandsAt(buyback.statePath);
  const step = HANDS_ON_COMMANDS.find((command) => {
    const permission = HANDS_ON_STEPS[command].permission;
    return allowed.includes(command) && permission !== null && principal.permissions.has(permission);
  });
  if (!step) {
    throw new ApplicationError('BUYBACK_NOT_VERIFIABLE', { identificationNumber, buybackId: buyback._id, status: buyback.status });
  }
  return {
    id: buyback._id,
    identificationNumber: buyback.identificationNumber,
    status: buyback.status,
    channel: buyback.channel,
    nextCommand: step,
    declaredAt: buyback.createdAt,
    pricesValidUntil: step === 'FinalizeBuybackInStore' ? pricesValidUntil(buyback.createdAt) : null,
  };
}

/** The moment a pre-declaration's prices stop holding: PREDECLARATION_PRICE_DAYS after it was declared. */
export function pricesValidUntil(declaredAt: string): string {
  return new Date(Date.parse(declaredAt) + PREDECLARATION_PRICE_DAYS * 86_400_000).toISOString();
}
