import type { BuybackCommand } from '../../../domain/buybacks/commands.js';
import { EDITABLE_CUSTOMER_FIELDS, type EditableCustomerField } from '../../../domain/buybacks/edition.js';
import type { DeclarationResponse } from '../../../domain/buybacks/events.js';
import { allowedCommandsAt } from '../../../domain/buybacks/allowed-commands.js';
import { registeredPrice } from '../../../domain/catalog/pricing/customer-price.js';
import type { Money } from '../../../domain/shared/money.js';
import { defineCommand, type CommandContext } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import { isForgotten } from '../../ports/personal-data.js';
import type { BuybackPorts } from '../buyback-ports.js';
import { validateCustomer, type CustomerInput } from '../customer-validation.js';
import type { BuybackDocument, CustomerData } from '../read-models.js';
import { appendToBuyback, buybackOutcome, commandMetadata, visibleBuyback, type BuybackOutcome, type OnBuyback } from './buyback-command.js';

/** The customer's fields an edition names (a merge-patch: null empties an optional one). */
export type CustomerPatch = Partial<Record<EditableCustomerField, unknown>>;

export interface BuybackEditionInput extends OnBuyback {
  /** Why (required, at most 255 characters): the history shows it. */
  reason: string;
  customer?: CustomerPatch;
  /** The whole new set of answers, one entry per question, as the registration takes them. */
  responses?: DeclarationResponse[];
}

/** The estimate's parts a screen shows before and after: the device's price, the grade, and the total the customer is paid. */
export interface EstimateSide {
  grade: string;
  declaredPrice: Money;
  /** With the payment mode's bonus or malus and the circuit's bonus as registered; the device's price when they were not kept. */
  price: Money;
}

export interface EditionPreview {
  buybackId: string;
  /** The revision the preview was computed on: send it back in If-Match. */
  revision: number;
  customerFields: EditableCustomerField[];
  answersChanged: boolean;
  before: EstimateSide;
  after: EstimateSide;
}

/** Who may correct a buyback: the permission's holders, on a buyback they may see (its store, or their organizations below them). */
const PERMISSION = 'buyback.edit';

/**
 * What an edition would change, from the buyback as read: the customer's
 * fields that differ once validated (only the fields it names are checked
 * against today's rules), and the answers' estimate, recomputed by the
 * catalogue's rules (the registration's: never a price from the client).
 */
async function editionOf(deps: BuybackPorts, principal: Principal, buyback: BuybackDocument, input: BuybackEditionInput) {
  if (!allowedCommandsAt(buyback.statePath).includes('EditBuyback')) throw new ApplicationError('BUYBACK_NOT_EDITABLE', { status: buyback.status });
  const customer = input.customer && Object.keys(input.customer).length > 0 ? await changedCustomer(deps, buyback, input.customer) : { fields: [], values: {} };
  const before = sideOf(buyback, buyback.grade, buyback.declaredPrice);
  let declaration: { responses: DeclarationResponse[]; grade: string; declaredPrice: Money } | null = null;
  if (input.responses && !sameAnswers(input.responses, buyback.responses)) {
    const estimate = await deps.catalog.estimate(principal, buyback.product.productId, input.responses);
    declaration = { responses: input.responses, grade: estimate.grade, declaredPrice: estimate.price };
  }
  const after = declaration ? sideOf(buyback, declaration.grade, declaration.declaredPrice) : before;
  return { customer, declaration, before, after };
}

/** The edition's effect, computed and shown before it is confirmed: nothing is written. */
export async function previewEdition(deps: BuybackPorts, principal: Principal, input: BuybackEditionInput): Promise<EditionPreview> {
  const buyback = await visibleBuyback(deps, principal, input.buybackId);
  const { customer, declaration, before, after } = await editionOf(deps, principal, buyback, input);
  return { buybackId: buyback._id, revision: buyback.revision, customerFields: customer.fields, answersChanged: declaration !== null, before, after };
}

/**
 * Corrects the customer's details and the declared answers (EditBuyback):
 * the changed customer fields sealed with the customer's key, the new
 * estimate, appended with its item's follow-up (the purchase price) at the
 * revisions read, so a check-in racing it makes exactly one of them decide
 * on the other's result. Decided on the revision the changes were computed
 * on (If-Match, else the one read): a change since answers 412.
 */
export const editBuyback = defineCommand<BuybackPorts, BuybackEditionInput, BuybackOutcome>({
  name: 'EditBuyback',
  permission: PERMISSION,
  async run(deps, context: CommandContext, input) {
    const buyback = await visibleBuyback(deps, context.principal, input.buybackId);
    const { customer, declaration } = await editionOf(deps, context.principal, buyback, input);
    const sealed = customer.fields.length > 0 ? await deps.vault.seal(buyback.customerSubjectId, customer.values) : null;
    const command: BuybackCommand = { type: 'EditBuyback', data: { reason: input.reason, customer: sealed, customerFields: customer.fields, declaration } };
    const metadata = commandMetadata(deps, context, buyback.accountId, context.principal.organizationId ?? buyback.organizationId);
    const result = await appendToBuyback(deps, input.buybackId, command, metadata, context.expectedRevision ?? buyback.revision);
    return buybackOutcome(input.buybackId, result);
  },
});

function sideOf(buyback: BuybackDocument, grade: string, declaredPrice: Money): EstimateSide {
  return { grade, declaredPrice, price: buyback.pricing ? registeredPrice(declaredPrice, buyback.pricing).total : declaredPrice };
}

function sameAnswers(a: readonly DeclarationResponse[], b: readonly DeclarationResponse[]): boolean {
  const key = (responses: readonly DeclarationResponse[]) =>
    JSON.stringify([...responses].map((r) => [r.questionId, [...r.answerIds].sort()]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
  return key(a) === key(b);
}

/**
 * The customer with the patch applied, validated by the registration's
 * rules; a requirement (IBAN, identity document) is asked only of the fields
 * the patch names, so a setting changed since the registration does not
 * block correcting a name. The postal code is checked again with a new country.
 */
async function changedCustomer(deps: BuybackPorts, buyback: BuybackDocument, patch: CustomerPatch): Promise<{ fields: EditableCustomerField[]; values: Partial<CustomerData> }> {
  if (isForgotten(buyback.customer)) throw new ApplicationError('BUYBACK_CUSTOMER_FORGOTTEN', { buybackId: buyback._id });
  const current = buyback.customer;
  const account = await deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(buyback.accountId);
  const settings = (account?.settings ?? {}) as { customerIdentityDocumentRequired?: boolean; customerIdCollectionEnabled?: boolean };
  const named = new Set(Object.keys(patch));
  if (named.has('country')) named.add('zipCode');
  const merged = { ...current, ...patch } as CustomerInput;
  const validation = validateCustomer(merged, {
    ibanRequired: named.has('iban') && buyback.paymentMode.type === 'bank_transfer',
    identityRequired: named.has('identity') && settings.customerIdentityDocumentRequired === true,
    idCollected: named.has('identity') && settings.customerIdCollectionEnabled === true,
    today: deps.clock.now().slice(0, 10),
  });
  if ('errors' in validation) {
    const relevant = validation.errors.filter((error) => named.has(error.field.split('.')[1] ?? ''));
    throw new ApplicationError('VALIDATION_FAILED', { fields: relevant.length > 0 ? relevant : validation.errors });
  }
  const fields = EDITABLE_CUSTOMER_FIELDS.filter((field) => named.has(field) && JSON.stringify(validation.customer[field] ?? null) !== JSON.stringify(current[field] ?? null));
  const values: Partial<CustomerData> = {};
  for (const field of fields) Object.assign(values, { [field]: validation.customer[field] });
  return { fields, values };
}
