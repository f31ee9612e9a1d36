import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYBACK_EVENT_TYPES } from '../../domain/buybacks/events.js';
import { ITEM_EVENT_TYPES } from '../../domain/warehouse/items/events.js';
import { nativeStockId } from '../../domain/warehouse/stocks/native-stocks.js';
import { mergeTexts, type TextTree } from '../../ui/shared/i18n/merge-texts.js';
import { LANGUAGES } from '../../ui/shared/i18n/namespaces.js';
import { eventFacts } from '../../ui/dashboard/features/audit-replay/event-facts.js';
import type { Replay, ReplayEvent, ReplayEventType, ReplayWording } from '../../ui/dashboard/features/audit-replay/replay-data.js';
import { stockNamer } from '../../ui/dashboard/features/audit-replay/stock-names.js';
import { actorOf, storyOf, TOLD_EVENT_TYPES } from '../../ui/dashboard/features/audit-replay/story.js';

/**
 * The auditor's replay reads as a story: one sentence per event, in the
 * user's language, from the event's type and recorded facts
 * (ui/dashboard/features/audit-replay/story.ts), and the facts of each event
 * labelled (event-facts.ts). The texts are the shipped locale files.
 */

const UI = join(import.meta.dirname, '..', '..', 'ui');
const NAMESPACES: Record<string, string> = {
  'audit-replay': join(UI, 'dashboard', 'features', 'audit-replay', 'locales'),
  buybacks: join(UI, 'dashboard', 'features', 'buybacks', 'locales'),
};
const INFRASTRUCTURE = join(import.meta.dirname, '..', '..', 'infrastructure');

/** The `api` namespace as the apps build it: the core's texts with every part's merged in. */
function apiTexts(language: string): TextTree {
  const files = [join(INFRASTRUCTURE, 'http', 'locales'), ...readdirSync(join(INFRASTRUCTURE, 'modules'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((part) => join(INFRASTRUCTURE, 'modules', part.name, 'locales'))];
  return files.reduce<TextTree>((texts, dir) => mergeTexts(texts, JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8'))), {});
}

const translators = new Map<string, TFunction>();

beforeAll(async () => {
  for (const language of LANGUAGES) {
    const instance = i18next.createInstance();
    const resources = { ...Object.fromEntries(Object.entries(NAMESPACES).map(([ns, dir]) => [ns, JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8'))])), api: apiTexts(language) };
    await instance.init({ lng: language, resources: { [language]: resources }, ns: Object.keys(resources), defaultNS: 'audit-replay', interpolation: { escapeValue: false } });
    translators.set(language, instance.t);
  }
});

const WAREHOUSE = '42eaef6c-de69-4c53-8a1d-f3c3391c9828';
const SHELF = '11111111-2222-4333-8444-555555555555';
const euros = (amountInCents: number) => ({ amountInCents, currency: 'EUR' });
const nadia = { user: { id: 'u1', name: 'Nadia Robert' }, organization: { id: 'o1', name: 'Demo Warehouse Orléans' } };

function anEvent(type: ReplayEventType, data: Record<string, unknown>, extra: Partial<ReplayEvent> = {}): ReplayEvent {
  return {
    index: 0,
    position: 1,
    stream: type.startsWith('Buyback') ? 'buyback' : 'item',
    type,
    at: '2026-03-02T09:15:42.000Z',
    user: null,
    organization: null,
    causedBy: null,
    data,
    statusAfter: type.startsWith('Buyback') ? 'bb_in_processing.checking' : 'item_registered_in_warehouse',
    applied: true,
    ...extra,
  };
}

function aReplay(events: ReplayEvent[]): Replay {
  return {
    buybackId: 'b1',
    identificationNumber: '2949183044709',
    at: '2026-03-02T09:15:42.000Z',
    applied: events.length,
    state: {
      buyback: { status: null, statePath: null, declaredPrice: null, controlledPrice: null, validatedPrice: null, proposal: null, paymentStatus: null, paymentDue: null },
      item: null,
    },
    events,
  };
}

function wording(language: string, stocks: Array<{ id: string; name: string | null; kind: null }> = []): ReplayWording {
  const t = translators.get(language) as TFunction;
  const translate = (key: string, options?: Record<string, unknown>) => t(key, options ?? {}) as string;
  const replay = aReplay([anEvent('ItemCreated', { warehouseId: WAREHOUSE })]);
  return {
    t: translate,
    language,
    stockName: stockNamer(replay, stocks as never, translate),
    gradeLabel: (grade) => `grade ${grade}`,
  };
}

const stock = (from: string | null, to: string | null) => ({ fromStockId: from, toStockId: to, receivedAt: null });
const check = { declaredPrice: euros(20_000), controlledPrice: euros(13_000), grade: 'grade_c', declaredProduct: { productId: 'p' }, foundProduct: { productId: 'p' }, comment: 'Rayure', commentShared: true };
const toApprove = nativeStockId(WAREHOUSE, 'to_approve');
const customerReturn = nativeStockId(WAREHOUSE, 'customer_return');

/** Every event type with the facts it records, and each variant its sentence has. */
const SAMPLES: Array<[ReplayEventType, Record<string, unknown>]> = [
  ['BuybackRegistered', { product: { label: 'Apple iPhone 15' }, declaredPrice: euros(20_000), circuit: { name: 'Reprise en magasin' }, paymentMode: { label: 'Virement' } }],
  ['BuybackFinalizedInStore', { storeId: 's' }],
  ['BuybackShipped', { trackingNumber: null, direct: false }],
  ['BuybackShipped', { trackingNumber: '6A123', direct: false }],
  ['BuybackShipped', { trackingNumber: null, direct: true }],
  ['BuybackCheckedIn', { warehouseId: WAREHOUSE }],
  ['BuybackCompletedByPrice', { controlledPrice: euros(21_000), validatedPrice: euros(20_000), comment: null }],
  ['BuybackCompletedWithAbsorption', { controlledPrice: euros(19_500), absorbedAmount: euros(500), validatedPrice: euros(20_000), comment: null }],
  ['BuybackNewPriceProposed', { previousPrice: euros(20_000), proposedPrice: euros(15_000), reason: 'screen scratched', comment: null }],
  ['BuybackNewPriceAccepted', { validatedPrice: euros(15_000) }],
  ['BuybackNewPriceRejected', { rejectedPrice: euros(15_000) }],
  ['BuybackCompleted', { validatedPrice: euros(20_000) }],
  ['BuybackCompletedAfterLoss', { place: 'transport', validatedPrice: euros(20_000) }],
  ['BuybackPutOnHold', { reason: 'account_lock_active' }],
  ['BuybackHoldLifted', {}],
  ['BuybackPacked', { packageId: 'p1', packageNumber: 'P000000001' }],
  ['BuybackUnpacked', { packageId: 'p1' }],
  ['BuybackReceivedFromStore', { warehouseId: WAREHOUSE, storeId: 's', packageId: null, packageNumber: null }],
  ['BuybackReceivedFromStore', { warehouseId: WAREHOUSE, storeId: 's', packageId: 'p1', packageNumber: 'P000000001' }],
  ['BuybackShipmentTracked', { transportId: 't1', carrier: 'Trade-in Platform Transport', trackingNumber: 'TP100000000000011', trackingLink: null }],
  ['BuybackDeliveryStatusChanged', { transportId: 't1', status: 'DELIVERED_OK', occurredAt: '2026-11-20T10:00:00.000Z' }],
  ['BuybackCancelled', { reason: 'customer_retractation', comment: 'Changed their mind.', forced: false, previousPaymentStatus: 'awaiting_payment', paymentStatus: 'payment_cancelled' }],
  ['BuybackCancelled', { reason: 'other', comment: '', forced: true, previousPaymentStatus: 'payment_completed', paymentStatus: 'payment_completed' }],
  ['BuybackEdited', { reason: 'Name misspelt', customer: null, customerFields: ['lastName'], declaration: null }],
  ['BuybackEdited', { reason: 'Screen cracked after all', customer: null, customerFields: [], declaration: { previousPrice: euros(20_000), declaredPrice: euros(15_000), grade: 'C', responses: [] } }],
  ['ItemPurchasePriceCorrected', { purchasePrice: euros(15_000), previousPrice: euros(20_000) }],
  ['ItemCreated', { product: { label: 'Apple iPhone 15' }, shortCode: '83044709', purchasePrice: euros(20_000), awaiting: 'store_shipment', warehouseId: WAREHOUSE }],
  ['ItemDroppedInStore', { storeId: 's' }],
  ['ItemShipped', { trackingNumber: null, implicit: false }],
  ['ItemShipped', { trackingNumber: '6A123', implicit: false }],
  ['ItemShipped', { trackingNumber: null, implicit: true }],
  ['ItemRegisteredInWarehouse', { warehouseId: WAREHOUSE, stock: stock(null, toApprove) }],
  ['ItemReceivedFromStore', { warehouseId: WAREHOUSE, storeId: 's', packageId: null, packageNumber: null, stock: stock(null, toApprove) }],
  ['ItemReceivedFromStore', { warehouseId: WAREHOUSE, storeId: 's', packageId: 'p1', packageNumber: 'P000000001', stock: stock(null, toApprove) }],
  ['ItemCompletedByPrice', { check, validatedPrice: euros(20_000), stock: stock(toApprove, SHELF) }],
  ['ItemCompletedByPrice', { check: null, validatedPrice: euros(20_000), stock: stock(toApprove, SHELF) }],
  ['ItemCompletedWithAbsorption', { check, absorbedAmount: euros(500), validatedPrice: euros(20_000), stock: stock(toApprove, SHELF) }],
  ['ItemCompletedWithAbsorption', { check: null, absorbedAmount: euros(500), validatedPrice: euros(20_000), stock: stock(toApprove, SHELF) }],
  ['ItemCompletedWithoutControl', { validatedPrice: euros(20_000), stock: stock(null, SHELF) }],
  ['ItemNewPriceProposed', { check, previousPrice: euros(20_000), proposedPrice: euros(15_000), reason: 'screen scratched', sharedComment: 'Rayure' }],
  ['ItemNewPriceProposed', { check: null, previousPrice: euros(20_000), proposedPrice: euros(15_000), reason: 'screen scratched', sharedComment: null }],
  ['ItemCompletedWithNegotiation', { validatedPrice: euros(15_000), stock: stock(toApprove, SHELF) }],
  ['ItemReturnRequested', { stock: stock(toApprove, customerReturn) }],
  ['ItemReturned', { trackingNumber: null, comment: null, stock: stock(customerReturn, null) }],
  ['ItemReturned', { trackingNumber: '8R123', comment: 'Colissimo', stock: stock(customerReturn, null) }],
  ['ItemCancelled', { reason: 'customer_retractation', comment: null, stock: stock(null, null) }],
  ['ItemCancelled', { reason: 'customer_retractation', comment: null, stock: stock(toApprove, customerReturn) }],
  ['ItemReceivedAfterCancellation', { warehouseId: WAREHOUSE, stock: stock(null, customerReturn) }],
  ['ItemQuarantined', { reason: 'account_lock_active', comment: 'iCloud', check: null, stock: stock(toApprove, nativeStockId(WAREHOUSE, 'in_quarantine')) }],
  ['ItemDisputeMailSent', { delivered: true, failure: null }],
  ['ItemDisputeMailSent', { delivered: false, failure: 'mailbox full' }],
  ['ItemReleasedFromQuarantine', { comment: null, stock: stock(nativeStockId(WAREHOUSE, 'in_quarantine'), SHELF) }],
  ['ItemLost', { place: 'warehouse', comment: 'Not found at the inventory', stock: stock(SHELF, null) }],
  ['ItemMovedToStock', { reason: 'Sorted with the iPhones', stock: stock(toApprove, SHELF) }],
  ['ItemRefurbDiagnosticStarted', {}],
  ['ItemRefurbStarted', { stock: stock(SHELF, nativeStockId(WAREHOUSE, 'to_refurbish')) }],
  ['ItemRefurbCompleted', { stock: stock(nativeStockId(WAREHOUSE, 'to_refurbish'), nativeStockId(WAREHOUSE, 'refurb_completed')) }],
];

describe('Given the events a buyback and its item record', () => {
  it('Then the story tells every one of them, and the samples cover every type', () => {
    const all = [...BUYBACK_EVENT_TYPES, ...ITEM_EVENT_TYPES];
    expect([...TOLD_EVENT_TYPES].sort()).toEqual([...all].sort());
    expect([...new Set(SAMPLES.map(([type]) => type))].sort()).toEqual([...all].sort());
  });

  it.each([...LANGUAGES])('Then in %s each event and each of its variants reads as a whole sentence, with every value filled in', (language) => {
    const words = wording(language, [{ id: SHELF, name: 'Étagère A', kind: null }]);
    const sentences = SAMPLES.map(([type, data]) => storyOf(anEvent(type, data, nadia), words));
    for (const [i, sentence] of sentences.entries()) {
      const [type] = SAMPLES[i] as [ReplayEventType, unknown];
      expect(sentence, type).not.toMatch(/\{\{|\}\}|story\.|undefined|null|NaN/);
      expect(sentence, type).toMatch(/[.)]$/);
    }
    // Each variant says something of its own.
    expect(new Set(sentences).size).toBe(sentences.length);
  });
});

describe('Given a litigation: a new price proposed, then rejected by the customer', () => {
  const proposal = anEvent('BuybackNewPriceProposed', { previousPrice: euros(20_000), proposedPrice: euros(15_000), reason: 'screen scratched.', comment: null }, nadia);
  const rejection = anEvent('BuybackNewPriceRejected', { rejectedPrice: euros(15_000) }, { organization: { id: 'o2', name: 'Demo Store Paris' } });
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('Then in English it reads who proposed what instead of what and why, and that the customer answered no', () => {
    const words = wording('en-GB');
    expect(plain(storyOf(proposal, words))).toBe('Nadia Robert (Demo Warehouse Orléans) proposed €150.00 instead of €200.00: screen scratched. The customer was e-mailed.');
    expect(storyOf(rejection, words)).toBe('The customer rejected the new price: the device goes back to them.');
  });

  it('Then in French too, amounts written the French way', () => {
    const words = wording('fr-FR');
    expect(plain(storyOf(proposal, words))).toBe('Nadia Robert (Demo Warehouse Orléans) a proposé 150,00 € au lieu de 200,00 € : screen scratched. Le client a été prévenu par e-mail.');
    expect(storyOf(rejection, words)).toBe("Le client a refusé le nouveau prix : l'appareil lui est renvoyé.");
  });

  it('Then the facts of the proposal are its prices and its reason, and the rejection says the status it led to', () => {
    const words = wording('en-GB');
    expect(eventFacts(proposal, words).map((fact) => [fact.key, plain(fact.value)])).toEqual([
      ['statusAfter', "Processing (being checked)"],
      ['previousPrice', '€200.00'],
      ['proposedPrice', '€150.00'],
      ['reason', 'screen scratched.'],
    ]);
    const rejected = eventFacts({ ...rejection, statusAfter: 'bb_not_completed' }, words);
    expect(rejected.map((fact) => [fact.label, plain(fact.value)])).toEqual([
      ['Status after', 'Not completed'],
      ['Rejected price', '€150.00'],
    ]);
  });
});

describe('Given who acted', () => {
  const t = (key: string, options?: Record<string, unknown>) => (translators.get('en-GB') as TFunction)(key, options ?? {}) as string;

  it('Then a user is named with their organization, the customer for a web registration, the platform for a follow-up nobody did', () => {
    expect(actorOf(anEvent('ItemRegisteredInWarehouse', {}, nadia), t)).toBe('Nadia Robert (Demo Warehouse Orléans)');
    expect(actorOf(anEvent('ItemRegisteredInWarehouse', {}, { user: nadia.user }), t)).toBe('Nadia Robert');
    expect(actorOf(anEvent('BuybackRegistered', {}), t)).toBe('The customer');
    expect(actorOf(anEvent('ItemReturnRequested', {}, { organization: { id: 'o2', name: 'Demo Store Paris' } }), t)).toBe('The platform');
  });
});

describe('Given a cancellation and a move between stocks', () => {
  it('Then the cancellation says why, that the payment was cancelled, and the facts show the payment changing', () => {
    const words = wording('en-GB');
    const cancelled = anEvent(
      'BuybackCancelled',
      { reason: 'customer_retractation', comment: 'Changed their mind.', forced: false, previousPaymentStatus: 'awaiting_payment', paymentStatus: 'payment_cancelled' },
      nadia,
    );
    expect(storyOf(cancelled, words)).toBe('Nadia Robert (Demo Warehouse Orléans) cancelled the trade-in (Customer withdrawal): Changed their mind. The payment was cancelled.');
    const facts = Object.fromEntries(eventFacts(cancelled, words).map((fact) => [fact.key, fact.value]));
    expect(facts).toMatchObject({ paymentStatus: 'Awaiting payment → Payment cancelled', reason: 'Customer withdrawal', comment: 'Changed their mind.' });
  });

  it('Then a native stock is named by its kind, another by its name, one it cannot see as a stock of the warehouse', () => {
    const moved = anEvent('ItemMovedToStock', { reason: 'Sorted', stock: stock(toApprove, SHELF) }, nadia);
    expect(storyOf(moved, wording('en-GB', [{ id: SHELF, name: 'Shelf A', kind: null }]))).toBe(
      'Nadia Robert (Demo Warehouse Orléans) moved the device from the stock “To approve (awaiting check)” to “Shelf A”: Sorted.',
    );
    expect(storyOf(moved, wording('en-GB'))).toContain('to “a stock of the warehouse”');
    const facts = eventFacts(moved, wording('en-GB', [{ id: SHELF, name: 'Shelf A', kind: null }]));
    expect(facts.find((fact) => fact.key === 'stock')?.value).toBe('To approve (awaiting check) → Shelf A');
  });

  it('Then what the compliance check found is among the facts: its prices, its grade and the comment shown to the customer', () => {
    const proposed = anEvent('ItemNewPriceProposed', { check, previousPrice: euros(20_000), proposedPrice: euros(15_000), reason: 'scratched', sharedComment: 'Rayure' }, nadia);
    const facts = Object.fromEntries(eventFacts(proposed, wording('en-GB')).map((fact) => [fact.key, fact.value.replace(/[\u00a0\u202f]/g, ' ')]));
    expect(facts).toMatchObject({ declaredPrice: '€200.00', controlledPrice: '€130.00', proposedPrice: '€150.00', grade: 'grade grade_c', sharedComment: 'Rayure' });
    expect(facts).not.toHaveProperty('commentShared');
  });
});
