import type { AbsorptionRule } from '../../../domain/buybacks/absorption.js';
import type { BuybackChannel, DepositType, PaymentType } from '../../../domain/buybacks/events.js';
import type { Grade, PriceImpact, ProductState } from '../../../domain/catalog/estimate.js';
import type {
  CategoryCreated,
  CircuitConfigured,
  CircuitType,
  DiagnosticQuestionCreated,
  PaymentModeConfigured,
  ProductCreated,
  ShippingMethodConfigured,
} from '../../../domain/catalog/events.js';
import { gs1CheckDigit } from '../../../domain/values/gtin.js';
import { CATALOG_STREAMS } from '../../../application/catalog/streams.js';
import { ACCOUNT_KEYS, digitsFrom, seedId, slug, type AccountKey, type SeedStream } from '../../seed/seed-streams.js';
import { organizationIds } from '../organizations/demo-data.js';

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
  answer: (account: AccountKey, category: string, key: string, index: number) =>
    seedId(`answer:${account}:${category}:${key}:${index}`),
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

type ShippingKey = 'store' | 'web-store-drop' | 'home-collect' | 'drop-off-point' | 'postal';
type ShippingType = ShippingMethodConfigured['data']['shippingType'];

const SHIPPING_METHODS: ReadonlyArray<readonly [ShippingKey, BuybackChannel, ShippingType, string, string]> = [
  ['store', 'store', 'store_drop', 'Dépôt en magasin', "Le client remet l'appareil au vendeur du magasin."],
  ['web-store-drop', 'web', 'store_drop', 'Dépôt dans un magasin', 'Déposez votre appareil dans le magasin de votre choix avec votre code de reprise.'],
  ['home-collect', 'web', 'home_collect', 'Collecte à domicile', 'Un transporteur vient chercher votre appareil chez vous.'],
  ['drop-off-point', 'web', 'drop_off_point', 'Dépôt en point relais', "Imprimez l'étiquette prépayée et déposez votre colis dans un point relais."],
  ['postal', 'web', 'postal', 'Envoi par La Poste', 'Envoyez votre appareil par colis postal.'],
];

const CIRCUITS: ReadonlyArray<readonly [CircuitType, BuybackChannel, DepositType, string, string, ShippingKey]> = [
  ['store_drop', 'store', 'drop', 'Reprise en magasin', "Le vendeur réalise la reprise avec le client et garde l'appareil.", 'store'],
  ['web_drop', 'web', 'drop', 'Prédéclaration web et dépôt en magasin', 'Le client prédéclare sa reprise en ligne puis dépose son appareil en magasin.', 'web-store-drop'],
  ['web_drop_label', 'web', 'drop_label', 'Dépôt en point relais', "Le client dépose son colis en point relais avec l'étiquette prépayée.", 'drop-off-point'],
  ['web_post', 'web', 'post', 'Envoi postal', "Le client envoie l'appareil par La Poste.", 'postal'],
  ['web_collect', 'web', 'collect', 'Collecte à domicile', "Un transporteur collecte l'appareil au domicile du client.", 'home-collect'],
];

const AVAILABLE_COUNTRIES = ['FR', 'BE'];

// ---------------------------------------------------------------------------
// Catalogue table helpers
// ---------------------------------------------------------------------------

const NO_ABSORPTION: AbsorptionRule = { type: 'none', value: 0, maxAbsorbedAmountInCents: null };
const absorbValue = (cents: number): AbsorptionRule => ({ type: 'value', value: cents, maxAbsorbedAmountInCents: null });
const absorbDeclared = (percent: number, maxCents: number): AbsorptionRule => ({
  type: 'percentage_of_declared_price',
  value: percent,
  maxAbsorbedAmountInCents: maxCents,
});

const fixed = (cents: number): PriceImpact => ({ type: 'fixed', value: cents });
const pct = (percent: number): PriceImpact => ({ type: 'percentage', value: percent });
const BLOCKS = true;

/** identifier, parent identifier, label, description, absorption rule. Parents first. */
type CategoryRow = readonly [string, string | null, string, string, AbsorptionRule];
/** title, grade cap, price impact, blocks the estimate. */
type AnswerRow = readonly [string, Grade | null, PriceImpact | null, boolean?];
/** category identifier, key, type, title, how to test, answers. Positions follow the table order per category. */
type QuestionRow = readonly [string, string, 'unique' | 'multiple', string, string | null, readonly AnswerRow[]];
type ProductFlag = 'simple' | 'draft' | 'noE' | 'imei';
/** label, brand, model, category identifier, grade A price (functional price when simple) in cents, flags. */
type ProductRow = readonly [string, string, string, string, number, ...ProductFlag[]];

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

// ---------------------------------------------------------------------------
// Demo Retail
// ---------------------------------------------------------------------------

const DEMO_CATEGORIES: readonly CategoryRow[] = [
  ['electronique', null, 'Électronique', 'Tous les appareils électroniques repris.', NO_ABSORPTION],
  ['smartphones', 'electronique', 'Smartphones', 'Téléphones mobiles de toutes marques.', absorbDeclared(10, 2000)],
  ['apple-iphone', 'smartphones', 'Apple iPhone', 'Tous les modèles d’iPhone.', absorbDeclared(10, 2000)],
  ['samsung-galaxy', 'smartphones', 'Samsung Galaxy', 'Smartphones Samsung Galaxy S, Z et A.', absorbDeclared(10, 2000)],
  ['google-pixel', 'smartphones', 'Google Pixel', 'Smartphones Google Pixel.', absorbDeclared(10, 2000)],
  ['tablettes', 'electronique', 'Tablettes', 'Tablettes tactiles Wi-Fi et cellulaires.', absorbValue(1000)],
  ['ordinateurs-portables', 'electronique', 'Ordinateurs portables', 'Ordinateurs portables et MacBook.', absorbValue(1000)],
  ['consoles', 'electronique', 'Consoles de jeux', 'Consoles de salon et portables.', absorbValue(1000)],
  ['montres-connectees', 'electronique', 'Montres connectées', 'Montres connectées et bracelets d’activité.', NO_ABSORPTION],
  ['accessoires', 'electronique', 'Accessoires', 'Manettes et accessoires, repris au prix unique de fonctionnement.', NO_ABSORPTION],
];

const DEMO_QUESTIONS: readonly QuestionRow[] = [
  ['electronique', 'power', 'unique', "L'appareil s'allume-t-il ?", "Appuyez sur le bouton d'alimentation pendant quelques secondes.", [
    ['Oui', null, null],
    ['Non', null, null, BLOCKS],
  ]],
  ['electronique', 'appearance', 'unique', "État général de l'appareil", 'Observez la coque et les bords sous une lumière vive.', [
    ['Comme neuf, aucune trace', null, null],
    ['Quelques micro-rayures', 'grade_b', null],
    ['Rayures visibles ou traces d’usure', 'grade_c', null],
    ['Choc, fissure ou déformation', 'grade_e', null],
  ]],
  ['electronique', 'accessories', 'multiple', 'Accessoires fournis', null, [
    ["Boîte d'origine", null, fixed(500)],
    ["Câble d'origine", null, fixed(200)],
    ['Chargeur manquant', null, pct(-5)],
    ['Aucun accessoire', null, null],
  ]],
  ['smartphones', 'screen', 'unique', "État de l'écran", "Allumez l'écran sur un fond blanc puis sur un fond noir.", [
    ['Parfait, aucune rayure', null, null],
    ['Rayures légères, invisibles écran allumé', 'grade_b', null],
    ['Rayures profondes', 'grade_c', null],
    ['Écran fissuré mais fonctionnel', 'grade_d', null],
    ['Écran cassé ou tactile défaillant', 'grade_e', null],
  ]],
  ['smartphones', 'battery', 'unique', 'Santé de la batterie', 'Réglages > Batterie > État de la batterie.', [
    ['Supérieure à 85 %', null, null],
    ['Entre 80 et 85 %', null, pct(-5)],
    ['Inférieure à 80 %', null, pct(-15)],
    ['Je ne sais pas', null, pct(-10)],
  ]],
  ['smartphones', 'account-lock', 'unique', "L'appareil est-il verrouillé à un compte (iCloud/Google) ?", 'Vérifiez que « Localiser mon iPhone » ou le compte Google est désactivé.', [
    ['Non, le compte est déconnecté', null, null],
    ['Oui, le compte est toujours associé', null, null, BLOCKS],
  ]],
  ['tablettes', 'screen', 'unique', "État de l'écran", "Allumez l'écran sur un fond blanc.", [
    ['Parfait, aucune rayure', null, null],
    ['Rayures légères', 'grade_b', null],
    ['Rayures profondes', 'grade_c', null],
    ['Écran fissuré ou cassé', 'grade_e', null],
  ]],
  ['ordinateurs-portables', 'keyboard', 'unique', 'État du clavier', 'Testez chaque touche dans un éditeur de texte.', [
    ['Toutes les touches fonctionnent', null, null],
    ['Touches usées ou brillantes', 'grade_c', null],
    ['Une ou plusieurs touches ne fonctionnent pas', 'grade_e', null],
  ]],
  ['ordinateurs-portables', 'battery-cycles', 'unique', 'Nombre de cycles de la batterie', 'Informations système > Alimentation > Nombre de cycles.', [
    ['Moins de 300 cycles', null, null],
    ['Entre 300 et 800 cycles', null, pct(-5)],
    ['Plus de 800 cycles', null, pct(-15)],
  ]],
  ['consoles', 'controllers', 'multiple', 'Manettes fournies', null, [
    ["Manette d'origine", null, null],
    ['Manette supplémentaire', null, fixed(1000)],
    ['Aucune manette', null, fixed(-2000)],
  ]],
  ['montres-connectees', 'strap', 'unique', 'Le bracelet est-il fourni ?', null, [
    ['Oui', null, null],
    ['Non', null, fixed(-1000)],
  ]],
];

const DEMO_PRODUCTS: readonly ProductRow[] = [
  ['Apple iPhone 11 64 Go', 'Apple', 'iPhone 11', 'apple-iphone', 9000, 'imei', 'noE'],
  ['Apple iPhone 12 64 Go', 'Apple', 'iPhone 12', 'apple-iphone', 13000, 'imei'],
  ['Apple iPhone 12 128 Go', 'Apple', 'iPhone 12', 'apple-iphone', 15000, 'imei'],
  ['Apple iPhone 13 128 Go', 'Apple', 'iPhone 13', 'apple-iphone', 22000, 'imei'],
  ['Apple iPhone 13 mini 128 Go', 'Apple', 'iPhone 13 mini', 'apple-iphone', 18000, 'imei'],
  ['Apple iPhone 14 128 Go', 'Apple', 'iPhone 14', 'apple-iphone', 30000, 'imei'],
  ['Apple iPhone 14 256 Go', 'Apple', 'iPhone 14', 'apple-iphone', 34000, 'imei'],
  ['Apple iPhone 14 Pro 128 Go', 'Apple', 'iPhone 14 Pro', 'apple-iphone', 40000, 'imei'],
  ['Apple iPhone 14 Pro Max 256 Go', 'Apple', 'iPhone 14 Pro Max', 'apple-iphone', 50000, 'imei'],
  ['Apple iPhone 15 128 Go', 'Apple', 'iPhone 15', 'apple-iphone', 42000, 'imei'],
  ['Apple iPhone 15 256 Go', 'Apple', 'iPhone 15', 'apple-iphone', 47000, 'imei'],
  ['Apple iPhone 15 Pro 256 Go', 'Apple', 'iPhone 15 Pro', 'apple-iphone', 60000, 'imei'],
  ['Apple iPhone 15 Pro Max 256 Go', 'Apple', 'iPhone 15 Pro Max', 'apple-iphone', 68000, 'imei'],
  ['Apple iPhone 16 128 Go', 'Apple', 'iPhone 16', 'apple-iphone', 55000, 'imei'],
  ['Apple iPhone 16 Pro 256 Go', 'Apple', 'iPhone 16 Pro', 'apple-iphone', 75000, 'imei'],
  ['Apple iPhone 16 Pro Max 512 Go', 'Apple', 'iPhone 16 Pro Max', 'apple-iphone', 90000, 'imei', 'draft'],
  ['Samsung Galaxy S21 128 Go', 'Samsung', 'Galaxy S21', 'samsung-galaxy', 9000, 'imei', 'noE'],
  ['Samsung Galaxy S22 128 Go', 'Samsung', 'Galaxy S22', 'samsung-galaxy', 13000, 'imei'],
  ['Samsung Galaxy S22 Ultra 256 Go', 'Samsung', 'Galaxy S22 Ultra', 'samsung-galaxy', 21000, 'imei'],
  ['Samsung Galaxy S23 128 Go', 'Samsung', 'Galaxy S23', 'samsung-galaxy', 20000, 'imei'],
  ['Samsung Galaxy S23 Ultra 256 Go', 'Samsung', 'Galaxy S23 Ultra', 'samsung-galaxy', 33000, 'imei'],
  ['Samsung Galaxy S24 128 Go', 'Samsung', 'Galaxy S24', 'samsung-galaxy', 30000, 'imei'],
  ['Samsung Galaxy S24+ 256 Go', 'Samsung', 'Galaxy S24+', 'samsung-galaxy', 36000, 'imei'],
  ['Samsung Galaxy S24 Ultra 256 Go', 'Samsung', 'Galaxy S24 Ultra', 'samsung-galaxy', 48000, 'imei'],
  ['Samsung Galaxy Z Flip5 256 Go', 'Samsung', 'Galaxy Z Flip5', 'samsung-galaxy', 27000, 'imei', 'noE'],
  ['Samsung Galaxy A54 5G 128 Go', 'Samsung', 'Galaxy A54 5G', 'samsung-galaxy', 9500, 'imei', 'noE'],
  ['Google Pixel 6 128 Go', 'Google', 'Pixel 6', 'google-pixel', 8000, 'imei', 'noE'],
  ['Google Pixel 6 Pro 128 Go', 'Google', 'Pixel 6 Pro', 'google-pixel', 11000, 'imei'],
  ['Google Pixel 7 128 Go', 'Google', 'Pixel 7', 'google-pixel', 13000, 'imei'],
  ['Google Pixel 7 Pro 128 Go', 'Google', 'Pixel 7 Pro', 'google-pixel', 18000, 'imei'],
  ['Google Pixel 8 128 Go', 'Google', 'Pixel 8', 'google-pixel', 22000, 'imei'],
  ['Google Pixel 8 Pro 128 Go', 'Google', 'Pixel 8 Pro', 'google-pixel', 30000, 'imei'],
  ['Google Pixel 8a 128 Go', 'Google', 'Pixel 8a', 'google-pixel', 20000, 'imei', 'draft'],
  ['Apple iPad (10e génération) 64 Go Wi-Fi', 'Apple', 'iPad (10e génération)', 'tablettes', 20000],
  ['Apple iPad Air (5e génération) 64 Go Wi-Fi + Cellular', 'Apple', 'iPad Air (5e génération)', 'tablettes', 30000, 'imei'],
  ['Apple iPad Pro 11" (M2) 128 Go Wi-Fi', 'Apple', 'iPad Pro 11" (M2)', 'tablettes', 50000],
  ['Samsung Galaxy Tab S9 128 Go 5G', 'Samsung', 'Galaxy Tab S9', 'tablettes', 35000, 'imei'],
  ['Apple MacBook Air 13" M1 256 Go', 'Apple', 'MacBook Air 13" (M1, 2020)', 'ordinateurs-portables', 40000],
  ['Apple MacBook Air 13" M2 256 Go', 'Apple', 'MacBook Air 13" (M2, 2022)', 'ordinateurs-portables', 60000],
  ['Apple MacBook Air 15" M3 256 Go', 'Apple', 'MacBook Air 15" (M3, 2024)', 'ordinateurs-portables', 80000],
  ['Apple MacBook Pro 14" M3 512 Go', 'Apple', 'MacBook Pro 14" (M3, 2023)', 'ordinateurs-portables', 110000],
  ['Sony PlayStation 5 Standard 825 Go', 'Sony', 'PlayStation 5', 'consoles', 25000],
  ['Sony PlayStation 5 Digital Edition 825 Go', 'Sony', 'PlayStation 5 Digital Edition', 'consoles', 20000],
  ['Microsoft Xbox Series X 1 To', 'Microsoft', 'Xbox Series X', 'consoles', 22000],
  ['Microsoft Xbox Series S 512 Go', 'Microsoft', 'Xbox Series S', 'consoles', 13000, 'noE'],
  ['Nintendo Switch OLED', 'Nintendo', 'Switch (modèle OLED)', 'consoles', 15000],
  ['Nintendo Switch', 'Nintendo', 'Switch', 'consoles', 10000, 'noE'],
  ['Apple Watch Series 9 GPS 41 mm', 'Apple', 'Watch Series 9', 'montres-connectees', 13000],
  ['Apple Watch Ultra 2 49 mm', 'Apple', 'Watch Ultra 2', 'montres-connectees', 35000],
  ['Samsung Galaxy Watch6 44 mm', 'Samsung', 'Galaxy Watch6', 'montres-connectees', 9000, 'noE'],
  ['Manette sans fil DualSense PS5', 'Sony', 'DualSense', 'accessoires', 2500, 'simple'],
  ['Manette sans fil Xbox', 'Microsoft', 'Xbox Wireless Controller', 'accessoires', 2000, 'simple'],
  ['Manette Pro Nintendo Switch', 'Nintendo', 'Switch Pro Controller', 'accessoires', 2500, 'simple'],
];

// ---------------------------------------------------------------------------
// Other Retail: a second, smaller tenant
// ---------------------------------------------------------------------------

const OTHER_CATEGORIES: readonly CategoryRow[] = [
  ['telephonie', null, 'Téléphonie', 'Téléphones et objets connectés.', absorbValue(500)],
  ['smartphones-occasion', 'telephonie', 'Smartphones', 'Smartphones de toutes marques.', absorbDeclared(5, 1500)],
];

const OTHER_QUESTIONS: readonly QuestionRow[] = [
  ['telephonie', 'power', 'unique', "Le téléphone s'allume-t-il ?", null, [
    ['Oui', null, null],
    ['Non', null, null, BLOCKS],
  ]],
  ['telephonie', 'screen', 'unique', "Aspect de l'écran", null, [
    ['Impeccable', null, null],
    ['Rayé', 'grade_c', null],
    ['Cassé', 'grade_e', null],
  ]],
  ['smartphones-occasion', 'account-lock', 'unique', 'Le compte iCloud ou Google est-il déconnecté ?', null, [
    ['Oui', null, null],
    ['Non', null, null, BLOCKS],
  ]],
];

const OTHER_PRODUCTS: readonly ProductRow[] = [
  ['Apple iPhone 13 128 Go', 'Apple', 'iPhone 13', 'smartphones-occasion', 19000, 'imei'],
  ['Apple iPhone 14 128 Go', 'Apple', 'iPhone 14', 'smartphones-occasion', 27000, 'imei'],
  ['Samsung Galaxy S23 128 Go', 'Samsung', 'Galaxy S23', 'smartphones-occasion', 18000, 'imei'],
  ['Google Pixel 7 128 Go', 'Google', 'Pixel 7', 'smartphones-occasion', 11000, 'imei'],
  ['Samsung Galaxy A54 5G 128 Go', 'Samsung', 'Galaxy A54 5G', 'smartphones-occasion', 8000, 'imei', 'noE', 'draft'],
];

interface CatalogSeed {
  shippingMethods: readonly ShippingKey[];
  circuits: readonly CircuitType[];
  categories: readonly CategoryRow[];
  questions: readonly QuestionRow[];
  products: readonly ProductRow[];
}

const CATALOGS: Record<AccountKey, CatalogSeed> = {
  demo: {
    shippingMethods: ['store', 'web-store-drop', 'home-collect', 'drop-off-point', 'postal'],
    circuits: ['store_drop', 'web_drop', 'web_drop_label', 'web_post', 'web_collect'],
    categories: DEMO_CATEGORIES,
    questions: DEMO_QUESTIONS,
    products: DEMO_PRODUCTS,
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
      modifier: null,
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
      status: 'enabled',
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
      circuitIds: CATALOGS[account].circuits.map((type) => ids.circuit(account, type)),
      absorption: { ...absorption },
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
      answers: answers.map(([answerTitle, gradeCap, priceImpact, blocks], index) => ({
        id: ids.answer(account, category, key, index),
        title: answerTitle,
        description: null,
        gradeCap,
        priceImpact: priceImpact === null ? null : { ...priceImpact },
        blocksEstimate: blocks === true,
      })),
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
      imageUrl: null,
    },
  };
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
      return stream(CATALOG_STREAMS.category.name(event.data.categoryId), event);
    }),
    ...seed.questions.map((row) => {
      const position = (positions.get(row[0]) ?? 0) + 1;
      positions.set(row[0], position);
      const event = questionEvent(account, row, position);
      return stream(CATALOG_STREAMS.diagnosticQuestion.name(event.data.questionId), event);
    }),
    ...seed.products.map((row, index) => {
      const event = productEvent(account, row, index);
      return stream(CATALOG_STREAMS.product.name(event.data.productId), event);
    }),
  ];
}

/** Per account: payment modes, shipping methods, circuits, categories, questions and products. */
export function catalogDemoData(): SeedStream[] {
  return ACCOUNT_KEYS.flatMap(accountStreams);
}
