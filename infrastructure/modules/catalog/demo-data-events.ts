import type { Grade, ProductState } from '../../../domain/catalog/estimate.js';
import type {
  CategoryCreated,
  CircuitConfigured,
  CircuitType,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../../domain/catalog/events.js';
import type { ProductPriced } from '../../../domain/catalog/product/product-events.js';
import { gs1CheckDigit } from '../../../domain/values/gtin.js';
import { digitsFrom, slug, type AccountKey } from '../../seed/seed-streams.js';
import { CATEGORY_WEIGHTS, CIRCUITS, CIRCUIT_INSTRUCTIONS, PRODUCT_WEIGHTS, SHIPPING_METHODS, type CategoryRow, type ProductRow, type QuestionRow, type ShippingKey } from './demo-catalog-tables.js';
import type { PAYMENT_MODES} from './demo-data-accounts.js';
import { ALL_PAYMENT_TYPES, AVAILABLE_COUNTRIES, CATALOGS, CATEGORY_CIRCUITS, ids, NAMED_ONLY, SEEDED_DISABLED } from './demo-data-accounts.js';

/** The demo catalogue's events, each built from a row of the tables. */
/** Grade prices as a share of the grade A price, rounded to the euro. */
const GRADE_RATIOS: ReadonlyArray<readonly [Grade, number]> = [
  ['grade_a', 1],
  ['grade_b', 0.82],
  ['grade_c', 0.65],
  ['grade_d', 0.45],
  ['grade_e', 0.2],
];

/** GS1 company prefixes (7 digits) used to build plausible EAN-13 codes. */
const EAN_PREFIXES: Record<string, string> = {
  Apple: '0194253',
  Samsung: '8806094',
  Google: '0840244',
  Sony: '0711719',
  Microsoft: '0889842',
  Nintendo: '0045496',
};

function ean13(brand: string, label: string): string {
  const prefix = EAN_PREFIXES[brand] ?? '3760000';
  const body = prefix + digitsFrom(`ean:${slug(label)}`, 12 - prefix.length);
  return body + String(gs1CheckDigit(body));
}

/** Type allocation codes: 8 digits, starting with 35 like most handsets'. */
function tacCodes(label: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `35${digitsFrom(`tac:${slug(label)}:${i}`, 6)}`);
}

export function paymentModeEvent(account: AccountKey, [paymentType, label, description]: (typeof PAYMENT_MODES)[number]): PaymentModeConfigured {
  return {
    type: 'PaymentModeConfigured',
    data: {
      paymentModeId: ids.paymentMode(account, paymentType),
      paymentType,
      label,
      description,
      longDescription: null,
      mailContent: null,
      // A bank transfer goes by the embedded SEPA file; a voucher or gift card is the platform's own code.
      provider: paymentType === 'bank_transfer' ? 'bank_transfer_file' : 'manual',
      modifier: { kind: 'disabled' },
      status: 'enabled',
    },
  };
}

/**
 * The spec gives a shipping method the payment modes it accepts; the domain
 * event does not declare the field yet, so the seed adds it beside the others.
 */
type SeedShippingMethodConfigured = ShippingMethodConfigured & {
  data: ShippingMethodConfigured['data'] & { paymentModeIds: string[] };
};

export function shippingMethodEvent(account: AccountKey, key: ShippingKey): SeedShippingMethodConfigured {
  const row = SHIPPING_METHODS.find(([k]) => k === key);
  if (!row) throw new Error(`Unknown shipping method ${key}`);
  const [, channel, shippingType, label, description] = row;
  return {
    type: 'ShippingMethodConfigured',
    data: {
      shippingMethodId: ids.shippingMethod(account, key),
      channel,
      label,
      shippingType,
      description,
      availableCountries: [...AVAILABLE_COUNTRIES],
      paymentModeIds: ALL_PAYMENT_TYPES.map((type) => ids.paymentMode(account, type)),
      modifier: null,
    },
  };
}

export function circuitEvent(account: AccountKey, circuitType: CircuitType): CircuitConfigured {
  const row = CIRCUITS.find(([type]) => type === circuitType);
  if (!row) throw new Error(`Unknown circuit ${circuitType}`);
  const [, channel, deposit, name, description, shipping] = row;
  return {
    type: 'CircuitConfigured',
    data: {
      circuitId: ids.circuit(account, circuitType),
      name,
      circuitType,
      channel,
      deposit,
      description,
      eligibleCountries: [...AVAILABLE_COUNTRIES],
      paymentModeIds: ALL_PAYMENT_TYPES.map((type) => ids.paymentMode(account, type)),
      shippingMethodIds: [ids.shippingMethod(account, shipping)],
      status: SEEDED_DISABLED.includes(circuitType) ? 'disabled' : 'enabled',
      instructions: CIRCUIT_INSTRUCTIONS[circuitType].map((type, index) => ({ sequence: index + 1, type, label: null })),
      transferOrderNumberOfCopy: null,
      customerBonusInCents: 0,
      translations: null,
    },
  };
}

export function categoryEvent(account: AccountKey, [identifier, parent, label, description, absorption]: CategoryRow): CategoryCreated {
  return {
    type: 'CategoryCreated',
    data: {
      categoryId: ids.category(account, identifier),
      parentId: parent === null ? null : ids.category(account, parent),
      label,
      identifier,
      description,
      buyerId: ids.organization(account, 'buyer'),
      referentWarehouseIds: [ids.organization(account, 'warehouse')],
      circuitIds: (CATEGORY_CIRCUITS[identifier] ?? CATALOGS[account].circuits.filter((type) => !NAMED_ONLY.includes(type))).map((type) => ids.circuit(account, type)),
      absorption: { ...absorption },
      defaultWeightGrams: CATEGORY_WEIGHTS[identifier] ?? null,
      childrenDescription: null,
      highlightedInstruction: null,
      image: null,
      defaultHeightCm: null,
      defaultLengthCm: null,
      defaultWidthCm: null,
      translations: null,
    },
  };
}

export function questionEvent(account: AccountKey, row: QuestionRow, position: number): DiagnosticQuestionCreated {
  const [category, key, type, title, howToTest, answers] = row;
  return {
    type: 'DiagnosticQuestionCreated',
    data: {
      questionId: ids.question(account, category, key),
      categoryId: ids.category(account, category),
      position,
      title,
      howToTest,
      description: null,
      type,
      answers: answers.map(([answerTitle, gradeCap, priceImpact, blocks, exclusive], index) => ({
        id: ids.answer(account, category, key, index),
        title: answerTitle,
        description: null,
        gradeCap,
        priceImpact: priceImpact === null ? null : { ...priceImpact },
        blocksEstimate: blocks === true,
        exclusive: exclusive === true,
      })),
      translations: null,
    },
  };
}

function prices(price: number, simple: boolean, withGradeE: boolean): Record<ProductState, number | null> {
  if (simple) {
    return { functional: price, grade_a: null, grade_b: null, grade_c: null, grade_d: null, grade_e: null };
  }
  const result: Record<ProductState, number | null> = {
    functional: null,
    grade_a: null,
    grade_b: null,
    grade_c: null,
    grade_d: null,
    grade_e: null,
  };
  for (const [grade, ratio] of GRADE_RATIOS) {
    result[grade] = grade === 'grade_e' && !withGradeE ? null : Math.round((price * ratio) / 100) * 100;
  }
  return result;
}

export function productEvent(account: AccountKey, row: ProductRow, index: number): ProductCreated {
  const [label, brand, model, category, price, ...flags] = row;
  const simple = flags.includes('simple');
  const collectsImei = flags.includes('imei');
  return {
    type: 'ProductCreated',
    data: {
      productId: ids.product(account, label),
      label,
      brand,
      model,
      ean: ean13(brand, label),
      tacCodes: collectsImei ? tacCodes(label, index % 2 === 0 ? 2 : 1) : [],
      categoryId: ids.category(account, category),
      status: flags.includes('draft') ? 'draft' : 'published',
      simple,
      currency: 'EUR',
      prices: prices(price, simple, !flags.includes('noE')),
      buybackZeroNotAllowed: !simple,
      isCollectingImei: collectsImei,
      weightGrams: PRODUCT_WEIGHTS.find(([prefix]) => label.startsWith(prefix))?.[1] ?? null,
      imageUrl: null,
      reference: null,
      buyerReference: null,
      secondaryCategoryIds: [],
      // A draft tells the seller why it is not published yet.
      comment: flags.includes('draft') ? 'Brouillon : prix à valider avant publication.' : null,
      heightCm: null,
      lengthCm: null,
      widthCm: null,
      nominalHeightCm: null,
      nominalLengthCm: null,
      nominalWidthCm: null,
      nominalWeightGrams: null,
      imageHdUrl: null,
      translations: null,
    },
  };
}

export function repricing(event: ProductCreated): ProductPriced[] {
  if (event.data.status !== 'draft' || event.data.prices.grade_a === null) return [];
  return [{ type: 'ProductPriced', data: { productId: event.data.productId, prices: { grade_a: event.data.prices.grade_a + 1_000 } } }];
}
