/**
 * How the diagnosis finds what it works on: an item by the code scanned or
 * typed (the warehouse's lookup, its refusals said in the diagnosis's
 * words), a diagnosis the caller may see (another retailer's, or another
 * warehouse's, answers 404), and the ports its commands and reads use.
 */
import { DomainError } from '../../../domain/shared/domain-error.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { Principal } from '../../organizations/principal.js';
import { itemByCode } from '../../warehouse/queries/item-lookup.js';
import { visibleItem } from '../../warehouse/commands/item-command.js';
import type { ItemDocument } from '../../warehouse/read-models.js';
import { requireRefurbDiagnosis } from '../refurb-premium.js';
import { DIAGNOSIS_COLLECTIONS, type RefurbDiagnosisDocument } from './read-model.js';

export interface DiagnosisPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** The longest code the search takes (a 13-digit code, spaces allowed between groups). */
export const MAX_CODE_LENGTH = 32;

/**
 * The item a code names (8 or 13 characters), with the specification's
 * search refusals: code too short, not found, several items match (the
 * candidates in details, to pick one).
 */
export async function itemForDiagnosis(documents: DocumentStore, principal: Principal, code: string): Promise<ItemDocument> {
  const compact = code.replace(/\s+/g, '');
  if (compact.length < 8 || (compact.length > 8 && compact.length < 13)) throw new ApplicationError('REFURB_CODE_TOO_SHORT', { code: compact, lengths: [8, 13] });
  if (compact.length > 13) throw new ApplicationError('REFURB_CODE_INVALID', { code: compact, lengths: [8, 13] });
  try {
    return await itemByCode(documents, principal, compact);
  } catch (error) {
    if (!(error instanceof ApplicationError) && !(error instanceof DomainError)) throw error;
    switch (error.code) {
      case 'ITEM_CODE_NOT_RECOGNISED':
        throw new ApplicationError('REFURB_ITEM_NOT_FOUND', { code: compact });
      case 'ITEM_CODE_AMBIGUOUS':
        throw new ApplicationError('REFURB_SEVERAL_ITEMS_MATCH', error.details);
      case 'ITEM_CODE_INVALID':
      case 'ITEM_CODE_LENGTH':
      case 'ITEM_CODE_REQUIRED':
        throw new ApplicationError('REFURB_CODE_INVALID', { code: compact, lengths: [8, 13] });
      default:
        throw error;
    }
  }
}

/** A diagnosis whose item the caller may see, in an account with the refurbishment, with that item; else REFURB_DIAGNOSIS_NOT_FOUND (403 without the feature). */
export async function visibleDiagnosis(deps: Pick<DiagnosisPorts, 'documents'>, principal: Principal, diagnosisId: string): Promise<{ diagnosis: RefurbDiagnosisDocument; item: ItemDocument }> {
  const diagnosis = await deps.documents.collection<RefurbDiagnosisDocument>(DIAGNOSIS_COLLECTIONS.diagnoses).get(diagnosisId);
  if (!diagnosis || (principal.accountId !== null && diagnosis.accountId !== principal.accountId)) throw new ApplicationError('REFURB_DIAGNOSIS_NOT_FOUND', { diagnosisId });
  let item: ItemDocument;
  try {
    item = await visibleItem(deps, principal, diagnosis.itemId);
  } catch (error) {
    if (error instanceof ApplicationError && error.code === 'ITEM_NOT_FOUND') throw new ApplicationError('REFURB_DIAGNOSIS_NOT_FOUND', { diagnosisId });
    throw error;
  }
  await requireRefurbDiagnosis(deps.documents, diagnosis.accountId);
  return { diagnosis, item };
}
