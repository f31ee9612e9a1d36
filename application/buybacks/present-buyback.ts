import { allowedCommandsAt, type LifecycleCommandType } from '../../domain/buybacks/allowed-commands.js';
import { registeredPrice } from '../../domain/catalog/pricing/customer-price.js';
import { isForgotten } from '../ports/personal-data.js';
import type { Permission } from '../organizations/permissions.js';
import type { BuybackView, CustomerView } from './buyback-views.js';
import type { BuybackDocument, CustomerData } from './read-models.js';
import { answerBy } from './commands/propose-new-price.js';
import { finalizeInStore } from './commands/finalize-in-store.js';
import { shipBuyback } from './commands/ship-buyback.js';
import { checkInBuyback } from './commands/check-in-buyback.js';
import { completeByPrice } from './commands/complete-by-price.js';
import { absorbPriceDeviation } from './commands/absorb-price-deviation.js';
import { proposeNewPrice } from './commands/propose-new-price.js';
import { completeBuyback } from './commands/complete-buyback.js';
import { cancelBuyback } from './commands/cancel-buyback.js';
import { editBuyback } from './commands/edit-buyback.js';

/** The staff commands on a buyback, with the permission each needs (read from the command slices themselves). */
const STAFF_COMMANDS: ReadonlyMap<LifecycleCommandType, Permission> = new Map(
  [finalizeInStore, shipBuyback, checkInBuyback, completeByPrice, absorbPriceDeviation, proposeNewPrice, completeBuyback, cancelBuyback, editBuyback].map(
    (slice) => [slice.name as LifecycleCommandType, slice.permission as Permission],
  ),
);

export interface Viewer {
  permissions: ReadonlySet<Permission>;
}

/**
 * The buyback as the API shows it to one caller: the commands they may send
 * now (the machine allows them, and they hold the permission), and the
 * customer with the IBAN masked and no identity number unless `sensitive`
 * (the detail, for the roles whose work needs them).
 */
export function presentBuyback(document: BuybackDocument, viewer: Viewer, options: { sensitive: boolean }): BuybackView {
  const {
    _id,
    statePath,
    customerSearch: _search,
    customerLastNameKey: _lastNameKey,
    customerFirstLastKey: _firstLastKey,
    customerLastFirstKey: _lastFirstKey,
    _applied: _bookkeeping,
    customer,
    proposal,
    paymentId: _paymentId,
    payment,
    pricing,
    ...fields
  } = document as BuybackDocument & { _applied?: unknown };
  return {
    ...fields,
    id: _id,
    payment: payment ?? null,
    price: pricing ? registeredPrice(fields.validatedPrice ?? fields.declaredPrice, pricing) : null,
    proposal: proposal && { ...proposal, answerBy: answerBy(proposal.proposedAt) },
    customer: isForgotten(customer) ? { forgotten: true } : presentCustomer(customer, options.sensitive),
    customerForgotten: isForgotten(customer),
    awaitingCustomerDecision: statePath.endsWith('awaiting_customer_decision'),
    onHold: statePath.endsWith('on_hold'),
    // Before it is shipped, a package the document names is the one it waits in (it keeps the one it left in).
    allowedCommands: allowedCommandsAt(statePath, !!fields.package).filter((command) => {
      const permission = STAFF_COMMANDS.get(command);
      return permission !== undefined && viewer.permissions.has(permission);
    }),
  };
}

function presentCustomer(customer: CustomerData, sensitive: boolean): CustomerView {
  return {
    ...customer,
    iban: customer.iban === null || sensitive ? customer.iban : maskIban(customer.iban),
    identity: customer.identity && { ...customer.identity, number: sensitive ? customer.identity.number : null },
    sensitiveShown: sensitive,
  };
}

/** The country code and the last four characters: `FR••••1234`. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length <= 6 ? '••••' : `${compact.slice(0, 2)}••••${compact.slice(-4)}`;
}
