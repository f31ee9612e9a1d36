import { describe, expect, it } from 'vitest';
import type { AbsorptionRule } from '../../buybacks/absorption.js';
import { DISABLED_MODIFIER, type PaymentModifier } from '../../payments/modifier.js';
import { money } from '../../shared/money.js';
import { domainErrorOf } from '../../shared/test-support.js';
import { answerImpactInCents, type PriceImpact } from './answer-impact.js';
import { customerPrice, registeredPrice } from './customer-price.js';
import { decide as decidePayment } from '../../payments/decide.js';
import { foldPayment } from '../../payments/machine.js';
import { completed, createPayment, recordClaim, voucherIssued } from '../../payments/test-support.js';
import {
  collectsImei,
  effectiveAbsorptionRule,
  effectivePaymentModifier,
  ensureImeiAccepted,
  maxCartItems,
  NO_ABSORPTION,
  requireFeature,
} from './premium-features.js';

const eur = (cents: number) => money(cents, 'EUR');
const percentage = (percent: number, capInCents: number | null = null): PaymentModifier => ({ kind: 'percentage', percent, capInCents });
const amount = (amountInCents: number): PaymentModifier => ({ kind: 'amount', amountInCents });
const ALL = ['payment_bonus', 'absorption', 'imei_search_and_collect', 'multi_product_cart'];

describe("an answer's impact on the grade's price", () => {
  const fixed = (value: number): PriceImpact => ({ type: 'fixed', value });
  const pct = (value: number): PriceImpact => ({ type: 'percentage', value });
  it.each([
    ['no impact', null, 10_000, 0],
    ['a fixed bonus', fixed(500), 10_000, 500],
    ['a fixed malus', fixed(-2_000), 10_000, -2_000],
    ['a fixed amount in fractions of a cent, rounded', fixed(12.5), 10_000, 13],
    ['a percentage', pct(-5), 22_000, -1_100],
    ['half a cent up, away from zero', pct(5), 10, 1],
    ['half a cent down, away from zero', pct(-5), 10, -1],
    ['under half a cent', pct(4), 10, 0],
    ['a decimal percentage, exactly', pct(2.5), 10_001, 250],
  ])('%s', (_case, impact, gradePrice, expected) => {
    expect(answerImpactInCents(impact, eur(gradePrice))).toBe(expected);
  });
});

const PRICES: ReadonlyArray<readonly [string, number, PaymentModifier, number | null, string[], number, number]> = [
    // case, diagnostic price, modifier, circuit bonus, features, adjustment, total
    ['no bonus anywhere', 10_000, DISABLED_MODIFIER, null, ALL, 0, 10_000],
    ['a 10 % bonus', 12_345, percentage(10), null, ALL, 1_235, 13_580],
    ['a 10 % malus', 12_345, percentage(-10), null, ALL, -1_235, 11_110],
    ['half a cent of bonus rounds up', 5, percentage(10), null, ALL, 1, 6],
    ['half a cent of malus rounds down', 5, percentage(-10), null, ALL, -1, 4],
    ['a bonus held within its cap', 100_000, percentage(20, 5_000), null, ALL, 5_000, 105_000],
    ['a malus held within its negative cap', 100_000, percentage(-20, -5_000), null, ALL, -5_000, 95_000],
    ['a bonus under its cap', 10_000, percentage(20, 5_000), null, ALL, 2_000, 12_000],
    ['a fixed bonus', 10_000, amount(1_500), null, ALL, 1_500, 11_500],
    ['a fixed malus larger than the price', 1_000, amount(-1_500), null, ALL, -1_000, 0],
    ['the circuit bonus', 10_000, DISABLED_MODIFIER, 1_000, ALL, 0, 11_000],
    ['the circuit cost', 10_000, DISABLED_MODIFIER, -1_000, ALL, 0, 9_000],
    ['a bonus and the circuit bonus', 10_000, percentage(10), 500, ALL, 1_000, 11_500],
    ['a circuit cost larger than the price', 500, DISABLED_MODIFIER, -1_000, ALL, 0, 0],
    ['a bonus without payment_bonus: not applied', 10_000, percentage(10), null, [], 0, 10_000],
    ['a malus without payment_bonus: not applied', 10_000, amount(-500), 200, ['absorption'], 0, 10_200],
    ['a malus taking it all, then the circuit bonus', 1_000, percentage(-100), 300, ALL, -1_000, 300],
];

describe('the price a customer sees: the diagnostic price, the payment mode, the circuit', () => {
  it.each(PRICES)('%s', (_case, diagnostic, modifier, circuitBonusInCents, features, adjustment, total) => {
    const price = customerPrice({ diagnosticPrice: eur(diagnostic), paymentModifier: modifier, circuitBonusInCents, features });
    expect(price.paymentAdjustment).toEqual(eur(adjustment));
    expect(price.circuitBonus).toEqual(eur(circuitBonusInCents ?? 0));
    expect(price.total).toEqual(eur(total));
  });

  it('keeps the currency and refuses a circuit bonus in fractions of a cent', () => {
    expect(customerPrice({ diagnosticPrice: money(1_000, 'GBP'), paymentModifier: amount(100), circuitBonusInCents: 50, features: ALL }).total).toEqual(money(1_150, 'GBP'));
    expect(domainErrorOf(() => customerPrice({ diagnosticPrice: eur(1_000), paymentModifier: DISABLED_MODIFIER, circuitBonusInCents: 0.5, features: ALL })).code).toBe(
      'MONEY_NOT_INTEGER_CENTS',
    );
  });
});

describe('the price registered is the amount paid', () => {
  it.each(PRICES)('%s: the payment created from the registration pays the total shown', (_case, diagnostic, modifier, circuitBonusInCents, features) => {
    const shown = customerPrice({ diagnosticPrice: eur(diagnostic), paymentModifier: modifier, circuitBonusInCents, features });
    // What the registration keeps: the modifier as it applied, the circuit's bonus.
    const pricing = { paymentModifier: effectivePaymentModifier(modifier, features), circuitBonus: shown.circuitBonus };
    expect(registeredPrice(eur(diagnostic), pricing)).toEqual(shown);
    const [created] = decidePayment(createPayment({ validatedPrice: eur(diagnostic), modifier: pricing.paymentModifier, circuitBonus: pricing.circuitBonus }), foldPayment([]));
    expect(created?.type === 'PaymentCreated' && created.data.amount).toEqual(shown.total);
  });

  it('a voucher handed over, then settled lower: the claim owes the lower price with the same bonus and circuit bonus', () => {
    const pricing = { paymentModifier: percentage(10), circuitBonus: eur(500) };
    const handedOver = { validatedPrice: eur(10_000), modifier: pricing.paymentModifier, circuitBonus: pricing.circuitBonus, paymentType: 'voucher', provider: 'manual', origin: 'store_handover' } as const;
    const [created] = decidePayment(createPayment(handedOver), foldPayment([]));
    expect(created?.type === 'PaymentCreated' && created.data.amount).toEqual(eur(11_500));
    const [claim] = decidePayment(recordClaim(eur(8_000)), foldPayment(created ? [created, voucherIssued(), completed()] : []));
    expect(claim).toMatchObject({ type: 'PaymentClaimRecorded', data: { owedAmount: registeredPrice(eur(8_000), pricing).total, claimedAmount: eur(11_500 - 9_300) } });
  });
});

describe('the premium gates', () => {
  const rule: AbsorptionRule = { type: 'percentage_of_declared_price', value: 10, maxAbsorbedAmountInCents: 2_000 };

  it.each([
    ['with payment_bonus the modifier applies', ['payment_bonus'], percentage(5), percentage(5)],
    ['without it, none', ['absorption'], percentage(5), DISABLED_MODIFIER],
    ['without it, a malus neither', [], amount(-300), DISABLED_MODIFIER],
  ])('payment mode: %s', (_case, features, modifier, expected) => {
    expect(effectivePaymentModifier(modifier, features)).toEqual(expected);
  });

  it.each([
    ['with absorption the category rule applies', ['absorption'], rule],
    ['without it, nothing is absorbed', ['payment_bonus'], NO_ABSORPTION],
  ])('absorption: %s', (_case, features, expected) => {
    expect(effectiveAbsorptionRule(rule, features)).toEqual(expected);
  });

  it.each([
    ['with multi_product_cart', ['multi_product_cart'], 200],
    ['without it', ['absorption'], 1],
    ['with no feature', [], 1],
  ])('cart size: %s', (_case, features, expected) => {
    expect(maxCartItems(features)).toBe(expected);
  });

  it.each([
    ['a collecting product with the feature', true, ['imei_search_and_collect'], true],
    ['a collecting product without it', true, [], false],
    ['a product that does not collect', false, ['imei_search_and_collect'], false],
  ])('IMEI collected: %s', (_case, isCollectingImei, features, expected) => {
    expect(collectsImei({ isCollectingImei }, features)).toBe(expected);
  });

  it('refuses an IMEI sent without imei_search_and_collect, naming the feature and the field; accepts none sent', () => {
    expect(domainErrorOf(() => ensureImeiAccepted('356938035643809', [])).details).toEqual({ feature: 'imei_search_and_collect', field: 'imei' });
    expect(() => ensureImeiAccepted('356938035643809', ['imei_search_and_collect'])).not.toThrow();
    for (const none of [null, undefined, '', '  ']) expect(() => ensureImeiAccepted(none, [])).not.toThrow();
  });

  it('requireFeature refuses with PREMIUM_FEATURE_NOT_ENABLED', () => {
    expect(domainErrorOf(() => requireFeature(['payment_bonus'], 'imei_search_and_collect')).code).toBe('PREMIUM_FEATURE_NOT_ENABLED');
    expect(() => requireFeature(['imei_search_and_collect'], 'imei_search_and_collect')).not.toThrow();
  });
});
