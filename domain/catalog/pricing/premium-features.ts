import type { AbsorptionRule } from '../../buybacks/absorption.js';
import { DISABLED_MODIFIER, type PaymentModifier } from '../../payments/modifier.js';
import { DomainError } from '../../shared/domain-error.js';

/**
 * The premium features (the account's `settings.enabledPremiumFeatures`) that
 * change what a customer is offered or paid, and what each one gates
 * (specification 000 section 6: "the multi-product cart, IMEI search, payment
 * bonus and absorption are premium features enabled per organization").
 * Pure: the features come in, nothing is read.
 */
export const PRICING_FEATURES = {
  /** A payment mode's bonus or malus is applied. */
  paymentBonus: 'payment_bonus',
  /** The category's absorption rule applies at the check. */
  absorption: 'absorption',
  /** Products are found by IMEI, and a device's IMEI is collected. */
  imeiSearchAndCollect: 'imei_search_and_collect',
  /** A cart takes more than one device. */
  multiProductCart: 'multi_product_cart',
} as const;
export type PricingFeature = (typeof PRICING_FEATURES)[keyof typeof PRICING_FEATURES];

/** Devices in one cart with the multi-product cart; one without. */
export const MAX_CART_ITEMS = 200;

export const NO_ABSORPTION: AbsorptionRule = { type: 'none', value: 0, maxAbsorbedAmountInCents: null };

export function hasFeature(features: readonly string[], feature: PricingFeature): boolean {
  return features.includes(feature);
}

/** Refuses what needs `feature` when the account lacks it: PREMIUM_FEATURE_NOT_ENABLED naming the feature (and the field, when one asked for it). */
export function requireFeature(features: readonly string[], feature: PricingFeature, field?: string): void {
  if (!hasFeature(features, feature)) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature, ...(field ? { field } : {}) });
}

/** The payment mode's bonus or malus as it applies: none without `payment_bonus` (a mode may keep one it was given before). */
export function effectivePaymentModifier(modifier: PaymentModifier, features: readonly string[]): PaymentModifier {
  return hasFeature(features, PRICING_FEATURES.paymentBonus) ? modifier : DISABLED_MODIFIER;
}

/** The category's absorption rule as it applies at the check: none without `absorption`. */
export function effectiveAbsorptionRule(rule: AbsorptionRule, features: readonly string[]): AbsorptionRule {
  return hasFeature(features, PRICING_FEATURES.absorption) ? rule : NO_ABSORPTION;
}

/** The most devices a cart takes for a retailer with these features. */
export function maxCartItems(features: readonly string[]): number {
  return hasFeature(features, PRICING_FEATURES.multiProductCart) ? MAX_CART_ITEMS : 1;
}

/** Whether a device of this product has its IMEI asked: the product collects it and the retailer has `imei_search_and_collect`. */
export function collectsImei(product: { isCollectingImei: boolean }, features: readonly string[]): boolean {
  return product.isCollectingImei && hasFeature(features, PRICING_FEATURES.imeiSearchAndCollect);
}

/**
 * An IMEI sent with a declaration is refused without `imei_search_and_collect`
 * (PREMIUM_FEATURE_NOT_ENABLED on `imei`); none sent is always fine.
 */
export function ensureImeiAccepted(imei: string | null | undefined, features: readonly string[]): void {
  if (imei === undefined || imei === null || imei.trim() === '') return;
  requireFeature(features, PRICING_FEATURES.imeiSearchAndCollect, 'imei');
}
