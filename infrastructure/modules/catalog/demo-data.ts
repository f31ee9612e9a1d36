import type { PaymentType } from '../../../domain/buybacks/events.js';
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
import { CATALOG_STREAMS } from '../../../application/catalog/streams.js';
import { ACCOUNT_KEYS, digitsFrom, seedId, slug, type AccountKey, type SeedStream } from '../../seed/seed-streams.js';
import { organizationIds } from '../organizations/demo-data.js';
import {
  CATEGORY_WEIGHTS,
  CIRCUITS,
  SHIPPING_METHODS,
  type ShippingKey,
  CIRCUIT_INSTRUCTIONS,
  DEMO_ARCHIVED_CATEGORIES,
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  DEMO_QUESTIONS,
  OTHER_CATEGORIES,
  OTHER_PRODUCTS,
  OTHER_QUESTIONS,
  PRODUCT_WEIGHTS,
  type CategoryRow,
  type ProductRow,
  type QuestionRow,
} from './demo-catalog-tables.js';
import { DEMO_SEARCH_PRODUCTS } from './demo-products.js';

/**
 * The catalogue's demo data, per account: payment modes, shipping methods,
 * circuits, categories (parents first), diagnostic questions and about fifty
 * products with prices per grade.
 */
export const catalogIds = {
  paymentMode: (account: AccountKey, type: PaymentType) => seedId(`payment-mode:${account}:${type}`),
  shippingMethod: (account: AccountKey, key: ShippingKey) => seedId(`shipping-method:${account}:${key}`),
  circuit: (account: AccountKey, type: CircuitType) => seedId(`circuit:${account}:${type}`),
  category: (account: AccountKey, identifier: string) => seedId(`category:${account}:${identifier}`),
  question: (account: AccountKey, category: string, key: string) => seedId(`question:${account}:${category}:${key}`),
  answer: (account: AccountKey, category: string, key: string, index: number) => seedId(`answer:${account}:${category}:${key}:${index}`),
  product: (account: AccountKey, label: string) => seedId(`product:${account}:${slug(label)}`),
};
const ids = { ...catalogIds, organization: organizationIds.organization };

// ---------------------------------------------------------------------------
// Tables shared by both accounts: payment modes, shipping methods, circuits
// ---------------------------------------------------------------------------

const PAYMENT_MODES: ReadonlyArray<readonly [PaymentType, string, string]> = [
  ['bank_transfer', 'Virement bancaire', 'Le montant de la reprise est viré sur votre compte sous 5 jours ouvrés.'],
  ['voucher', "Bon d'achat", "Un bon d'achat du montant de la reprise, à utiliser en magasin ou sur le site."],
  ['gift_card', 'Carte cadeau', 'Une carte cadeau créditée du montant de la reprise.'],
];

const AVAILABLE_COUNTRIES = ['FR', 'BE'];

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

interface CatalogSeed {
  shippingMethods: readonly ShippingKey[];
  circuits: readonly CircuitType[];
  categories: readonly CategoryRow[];
  questions: readonly QuestionRow[];
  products: readonly ProductRow[];
}

/**
 * Categories that name their own circuits (the others inherit the root's,
 * every circuit of the account but these): game consoles, heavy, are
 * collected from the stores by the retailer's own logistics.
 */
const CATEGORY_CIRCUITS: Readonly<Record<string, readonly CircuitType[]>> = {
  consoles: ['store_collect', 'web_drop_label', 'web_post', 'web_collect'],
};

/** Circuits only the categories above name. */
const NAMED_ONLY: readonly CircuitType[] = ['store_collect', 'store_drop_label'];

/** Circuits seeded disabled: no category names them, so a manager may switch them on (the store ships the device with a prepaid label). */
const SEEDED_DISABLED: readonly CircuitType[] = ['store_drop_label'];

const CATALOGS: Record<AccountKey, CatalogSeed> = {
  demo: {
    shippingMethods: ['store', 'web-store-drop', 'home-collect', 'drop-off-point', 'postal'],
    circuits: ['store_drop', 'store_collect', 'store_drop_label', 'web_drop', 'web_drop_label', 'web_post', 'web_collect'],
    categories: DEMO_CATEGORIES,
    questions: DEMO_QUESTIONS,
    products: [...DEMO_PRODUCTS, ...DEMO_SEARCH_PRODUCTS],
  },
  other: {
    shippingMethods: ['store', 'web-store-drop', 'postal'],
    circuits: ['store_drop', 'web_drop', 'web_post'],
    categories: OTHER_CATEGORIES,
    questions: OTHER_QUESTIONS,
    products: OTHER_PRODUCTS,
  },
};

function byType<K extends string>(keys: readonly K[], idOf: (key: K) => string): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, idOf(key)])) as Record<K, string>;
}

const ALL_PAYMENT_TYPES = PAYMENT_MODES.map(([type]) => type);

export const CATALOG_DEMO_IDS = {
  categories: {
    electronics: ids.category('demo', 'electronique'),
    smartphones: ids.category('demo', 'smartphones'),
    appleIphone: ids.category('demo', 'apple-iphone'),
    samsungGalaxy: ids.category('demo', 'samsung-galaxy'),
    googlePixel: ids.category('demo', 'google-pixel'),
    tablets: ids.category('demo', 'tablettes'),
    laptops: ids.category('demo', 'ordinateurs-portables'),
    consoles: ids.category('demo', 'consoles'),
    smartwatches: ids.category('demo', 'montres-connectees'),
    accessories: ids.category('demo', 'accessoires'),
    otherRoot: ids.category('other', 'telephonie'),
    otherSmartphones: ids.category('other', 'smartphones-occasion'),
  },
  questions: {
    powerOn: ids.question('demo', 'electronique', 'power'),
    appearance: ids.question('demo', 'electronique', 'appearance'),
    accessories: ids.question('demo', 'electronique', 'accessories'),
    smartphoneScreen: ids.question('demo', 'smartphones', 'screen'),
    smartphoneBattery: ids.question('demo', 'smartphones', 'battery'),
    smartphoneAccountLock: ids.question('demo', 'smartphones', 'account-lock'),
  },
  products: {
    /** Published, grade A 42000 cents. */
    iphone15_128: ids.product('demo', 'Apple iPhone 15 128 Go'),
    iphone13_128: ids.product('demo', 'Apple iPhone 13 128 Go'),
    galaxyS23_128: ids.product('demo', 'Samsung Galaxy S23 128 Go'),
    pixel7_128: ids.product('demo', 'Google Pixel 7 128 Go'),
    /** No grade E price. */
    pixel6_128: ids.product('demo', 'Google Pixel 6 128 Go'),
    macbookAirM2: ids.product('demo', 'Apple MacBook Air 13" M2 256 Go'),
    ps5: ids.product('demo', 'Sony PlayStation 5 Standard 825 Go'),
    /** Simple product: functional price only. */
    dualsense: ids.product('demo', 'Manette sans fil DualSense PS5'),
    /** Draft. */
    iphone16ProMax: ids.product('demo', 'Apple iPhone 16 Pro Max 512 Go'),
    otherIphone13_128: ids.product('other', 'Apple iPhone 13 128 Go'),
  },
  circuits: {
    demo: byType(CATALOGS.demo.circuits, (type) => ids.circuit('demo', type)),
    other: byType(['store_drop', 'web_drop', 'web_post'] as const, (type) => ids.circuit('other', type)),
  },
  paymentModes: {
    demo: byType(ALL_PAYMENT_TYPES, (type) => ids.paymentMode('demo', type)),
    other: byType(ALL_PAYMENT_TYPES, (type) => ids.paymentMode('other', type)),
  },
  shippingMethods: {
    demo: {
      storeDrop: ids.shippingMethod('demo', 'store'),
      webStoreDrop: ids.shippingMethod('demo', 'web-store-drop'),
      homeCollect: ids.shippingMethod('demo', 'home-collect'),
      dropOffPoint: ids.shippingMethod('demo', 'drop-off-point'),
      postal: ids.shippingMethod('demo', 'postal'),
    },
    other: {
      storeDrop: ids.shippingMethod('other', 'store'),
      webStoreDrop: ids.shippingMethod('other', 'web-store-drop'),
      postal: ids.shippingMethod('other', 'postal'),
    },
  },
} as const;

// ---------------------------------------------------------------------------
// Tables → events
// ---------------------------------------------------------------------------

function paymentModeEvent(account: AccountKey, [paymentType, label, description]: (typeof PAYMENT_MODES)[number]): PaymentModeConfigured {
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

function shippingMethodEvent(account: AccountKey, key: ShippingKey): SeedShippingMethodConfigured {
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

function circuitEvent(account: AccountKey, circuitType: CircuitType): CircuitConfigured {
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

function categoryEvent(account: AccountKey, [identifier, parent, label, description, absorption]: CategoryRow): CategoryCreated {
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

function questionEvent(account: AccountKey, row: QuestionRow, position: number): DiagnosticQuestionCreated {
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

function productEvent(account: AccountKey, row: ProductRow, index: number): ProductCreated {
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

function repricing(event: ProductCreated): ProductPriced[] {
  if (event.data.status !== 'draft' || event.data.prices.grade_a === null) return [];
  return [{ type: 'ProductPriced', data: { productId: event.data.productId, prices: { grade_a: event.data.prices.grade_a + 1_000 } } }];
}

function accountStreams(account: AccountKey): SeedStream[] {
  const seed = CATALOGS[account];
  const accountId = organizationIds.account(account);
  const rootId = organizationIds.organization(account, 'root');
  const stream = (streamName: string, event: SeedStream['events'][number]): SeedStream => ({
    streamName,
    accountId,
    organizationId: rootId,
    events: [event],
  });
  const positions = new Map<string, number>();
  return [
    ...PAYMENT_MODES.map((row) => {
      const event = paymentModeEvent(account, row);
      return stream(CATALOG_STREAMS.paymentMode.name(event.data.paymentModeId), event);
    }),
    ...seed.shippingMethods.map((key) => {
      const event = shippingMethodEvent(account, key);
      return stream(CATALOG_STREAMS.shippingMethod.name(event.data.shippingMethodId), event);
    }),
    ...seed.circuits.map((type) => {
      const event = circuitEvent(account, type);
      return stream(CATALOG_STREAMS.circuit.name(event.data.circuitId), event);
    }),
    ...seed.categories.map((row) => {
      const event = categoryEvent(account, row);
      const archived = account === 'demo' && DEMO_ARCHIVED_CATEGORIES.includes(row[0]);
      const seeded = stream(CATALOG_STREAMS.category.name(event.data.categoryId), event);
      return archived ? { ...seeded, events: [event, { type: 'CategoryArchived', data: { categoryId: event.data.categoryId, reason: 'Plus repris' } }] } : seeded;
    }),
    ...seed.questions.map((row) => {
      const position = (positions.get(row[0]) ?? 0) + 1;
      positions.set(row[0], position);
      const event = questionEvent(account, row, position);
      return stream(CATALOG_STREAMS.diagnosticQuestion.name(event.data.questionId), event);
    }),
    ...seed.products.map((row, index) => {
      const event = productEvent(account, row, index);
      return { ...stream(CATALOG_STREAMS.product.name(event.data.productId), event), events: [event, ...repricing(event)] };
    }),
  ];
}

/** Per account: payment modes, shipping methods, circuits, categories, questions and products. */
export function catalogDemoData(): SeedStream[] {
  return ACCOUNT_KEYS.flatMap(accountStreams);
}
