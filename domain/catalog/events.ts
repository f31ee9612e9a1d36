import type { CategoryFields, CategoryLifeEvent } from './category/category-events.js';
import type { DepositType, BuybackChannel } from '../buybacks/events.js';
import type { Currency } from '../shared/money.js';
import type { Grade, PriceImpact, ProductState } from './estimate.js';
import type { ProductFields, ProductLaterEvent } from './product/product-events.js';
import type { CircuitAggregateChange } from './circuit/circuit-events.js';
import type { DispatchCircuitRuleEvent } from './dispatch-circuit-rule/dispatch-circuit-rule.js';
import type { DiagnosticQuestionLaterEvent } from './question/question-events.js';
import type { Translations } from '../shared/translations.js';

/** Catalogue and buyback-option events. Later issues add their update events beside these. */

/**
 * A new category: every field of specification 000 section 3 (v3; a v2
 * category had no picture, children description, highlighted instruction,
 * dimensions nor translations, a v1 no default weight: upcast to null).
 */
export interface CategoryCreated {
  type: 'CategoryCreated';
  data: CategoryFields & { categoryId: string; circuitIds: string[] };
}

export interface ProductCreated {
  type: 'ProductCreated';
  data: ProductFields & {
    productId: string;
    status: 'draft' | 'published';
    currency: Currency;
    /** Cents per state; null: not bought back in that state. */
    prices: Record<ProductState, number | null>;
  };
}

export interface DiagnosticAnswer {
  id: string;
  title: string;
  description: string | null;
  gradeCap: Grade | null;
  priceImpact: PriceImpact | null;
  blocksEstimate: boolean;
  /** Excludes the other answers of its question (v2; false before): "Aucun accessoire" is not chosen with "Boîte d'origine". */
  exclusive: boolean;
}

export interface DiagnosticQuestionCreated {
  type: 'DiagnosticQuestionCreated';
  data: {
    questionId: string;
    categoryId: string;
    position: number;
    title: string;
    howToTest: string | null;
    description: string | null;
    type: 'unique' | 'multiple';
    answers: DiagnosticAnswer[];
    /** Per language, by path (`title`, `answers.<id>.title`…; v2, null before). */
    translations: Translations | null;
  };
}

export const CIRCUIT_TYPES = [
  'store_collect',
  'store_drop',
  'store_drop_label',
  'web_collect',
  'web_drop',
  'web_drop_label',
  'web_post',
] as const;
export type CircuitType = (typeof CIRCUIT_TYPES)[number];

export interface Modifier {
  type: 'percentage' | 'fixed';
  value: number;
  cappedAmountInCents: number | null;
}

/** What a customer or a seller does with the parcel (specification 000: instruction types). */
export const INSTRUCTION_TYPES = ['agenda', 'close', 'deliver', 'insert', 'join', 'mailbox', 'none', 'post', 'print', 'protect', 'sign'] as const;
export type InstructionType = (typeof INSTRUCTION_TYPES)[number];

/** One step of a circuit's instructions; `label` is the retailer's own words, null to show the type's usual wording. */
export interface CircuitInstruction {
  sequence: number;
  type: InstructionType;
  label: string | null;
}

export interface CircuitConfigured {
  type: 'CircuitConfigured';
  data: {
    circuitId: string;
    name: string;
    circuitType: CircuitType;
    channel: BuybackChannel;
    deposit: DepositType;
    description: string | null;
    eligibleCountries: string[];
    paymentModeIds: string[];
    shippingMethodIds: string[];
    status: 'enabled' | 'disabled';
    /** At most 6, in order (v2; none before). */
    instructions: CircuitInstruction[];
    /** Copies of the transfer order (v3; null before: one). */
    transferOrderNumberOfCopy: number | null;
    /** The customer's bonus (positive) or cost (negative) on this circuit, whole cents (v3; 0 before). */
    customerBonusInCents: number;
    /** Name, description and instruction labels in the other languages (v3; null before). */
    translations: Translations | null;
  };
}

export interface ShippingMethodConfigured {
  type: 'ShippingMethodConfigured';
  data: {
    shippingMethodId: string;
    channel: BuybackChannel;
    label: string;
    shippingType: 'store_drop' | 'home_collect' | 'drop_off_point' | 'postal';
    description: string | null;
    availableCountries: string[];
    paymentModeIds: string[];
    modifier: Modifier | null;
  };
}

/**
 * A payment mode's configuration, written on the catalogue's `payment_mode`
 * streams (the buyback path reads it there) and ruled by the payments part
 * (domain/payments/payment-mode.ts). Its v1 had no long description, mail
 * content nor provider, and the catalogue's modifier shape (upcast).
 */
export type { PaymentModeConfigured } from '../payments/payment-mode.js';
import type { PaymentModeConfigured } from '../payments/payment-mode.js';

export type CatalogEvent =
  | CategoryCreated
  | CategoryLifeEvent
  | ProductCreated
  | ProductLaterEvent
  | DiagnosticQuestionCreated
  | DiagnosticQuestionLaterEvent
  | CircuitConfigured
  | CircuitAggregateChange
  | DispatchCircuitRuleEvent
  | ShippingMethodConfigured
  | PaymentModeConfigured;
