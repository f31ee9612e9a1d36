import type { PaymentType } from '../../../domain/buybacks/events.js';
import type { CircuitType } from '../../../domain/catalog/events.js';
import { seedId, slug, type AccountKey } from '../../seed/seed-streams.js';
import { organizationIds } from '../organizations/demo-data.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_QUESTIONS, OTHER_CATEGORIES, OTHER_PRODUCTS, OTHER_QUESTIONS, type CategoryRow, type ProductRow, type QuestionRow, type ShippingKey } from './demo-catalog-tables.js';
import { DEMO_SEARCH_PRODUCTS } from './demo-products.js';

/**
 * What each account's demo catalogue holds (its payment modes, shipping
 * methods, circuits, categories, questions and products, from the tables)
 * and the ids the seed gives them, which tests and other parts name.
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
export const ids = { ...catalogIds, organization: organizationIds.organization };

// ---------------------------------------------------------------------------
// Tables shared by both accounts: payment modes, shipping methods, circuits
// ---------------------------------------------------------------------------

export const PAYMENT_MODES: ReadonlyArray<readonly [PaymentType, string, string]> = [
  ['bank_transfer', 'Virement bancaire', 'Le montant de la reprise est viré sur votre compte sous 5 jours ouvrés.'],
  ['voucher', "Bon d'achat", "Un bon d'achat du montant de la reprise, à utiliser en magasin ou sur le site."],
  ['gift_card', 'Carte cadeau', 'Une carte cadeau créditée du montant de la reprise.'],
];

export const AVAILABLE_COUNTRIES = ['FR', 'BE'];

export interface CatalogSeed {
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
export const CATEGORY_CIRCUITS: Readonly<Record<string, readonly CircuitType[]>> = {
  consoles: ['store_collect', 'web_drop_label', 'web_post', 'web_collect'],
};

/** Circuits only the categories above name. */
export const NAMED_ONLY: readonly CircuitType[] = ['store_collect', 'store_drop_label'];

/** Circuits seeded disabled: no category names them, so a manager may switch them on (the store ships the device with a prepaid label). */
export const SEEDED_DISABLED: readonly CircuitType[] = ['store_drop_label'];

export const CATALOGS: Record<AccountKey, CatalogSeed> = {
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

export const ALL_PAYMENT_TYPES = PAYMENT_MODES.map(([type]) => type);

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
