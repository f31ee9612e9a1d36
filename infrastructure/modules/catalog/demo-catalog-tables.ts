/**
 * The catalogue tables of the demo data (demo-data.ts turns them into
 * events): categories, diagnostic questions with their answers' effects, and
 * products with their grade A price, per demo account.
 */
import type { AbsorptionRule } from '../../../domain/buybacks/absorption.js';
import type { Grade, PriceImpact } from '../../../domain/catalog/estimate.js';
import type { BuybackChannel, DepositType } from '../../../domain/buybacks/events.js';
import type { CircuitType, InstructionType, ShippingMethodConfigured } from '../../../domain/catalog/events.js';

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
const EXCLUSIVE = true;

/** identifier, parent identifier, label, description, absorption rule. Parents first. */
export type CategoryRow = readonly [string, string | null, string, string, AbsorptionRule];
/** title, grade cap, price impact, blocks the estimate, excludes the question's other answers. */
export type AnswerRow = readonly [string, Grade | null, PriceImpact | null, boolean?, boolean?];
/** category identifier, key, type, title, how to test, answers. Positions follow the table order per category. */
export type QuestionRow = readonly [string, string, 'unique' | 'multiple', string, string | null, readonly AnswerRow[]];
export type ProductFlag = 'simple' | 'draft' | 'noE' | 'imei';
/** label, brand, model, category identifier, grade A price (functional price when simple) in cents, flags. */
export type ProductRow = readonly [string, string, string, string, number, ...ProductFlag[]];

// ---------------------------------------------------------------------------
// Demo Retail
// ---------------------------------------------------------------------------

export const DEMO_CATEGORIES: readonly CategoryRow[] = [
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
  // Deeper levels and archived ones (DEMO_ARCHIVED_CATEGORIES), for the category screens.
  ['iphone-anciens-modeles', 'apple-iphone', 'iPhone anciens modèles', 'Les iPhone de plus de cinq ans.', absorbDeclared(10, 2000)],
  ['iphone-6-et-avant', 'iphone-anciens-modeles', 'iPhone 6 et avant', 'Modèles qui ne sont plus repris.', NO_ABSORPTION],
  ['baladeurs', 'electronique', 'Baladeurs MP3', 'Baladeurs et lecteurs audio, plus repris.', NO_ABSORPTION],
];

/** Demo categories archived after their creation. */
export const DEMO_ARCHIVED_CATEGORIES: readonly string[] = ['iphone-6-et-avant', 'baladeurs'];

export const DEMO_QUESTIONS: readonly QuestionRow[] = [
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
    ['Aucun accessoire', null, null, false, EXCLUSIVE],
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
  // A question four levels down: an older iPhone inherits Électronique's and Smartphones' before it.
  ['iphone-anciens-modeles', 'touch-id', 'unique', 'Touch ID fonctionne-t-il ?', 'Réglages > Touch ID et code : enregistrez une empreinte.', [
    ['Oui', null, null],
    ['Non', null, pct(-20)],
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

export const DEMO_PRODUCTS: readonly ProductRow[] = [
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

export const OTHER_CATEGORIES: readonly CategoryRow[] = [
  ['telephonie', null, 'Téléphonie', 'Téléphones et objets connectés.', absorbValue(500)],
  ['smartphones-occasion', 'telephonie', 'Smartphones', 'Smartphones de toutes marques.', absorbDeclared(5, 1500)],
];

export const OTHER_QUESTIONS: readonly QuestionRow[] = [
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

export const OTHER_PRODUCTS: readonly ProductRow[] = [
  ['Apple iPhone 13 128 Go', 'Apple', 'iPhone 13', 'smartphones-occasion', 19000, 'imei'],
  ['Apple iPhone 14 128 Go', 'Apple', 'iPhone 14', 'smartphones-occasion', 27000, 'imei'],
  ['Samsung Galaxy S23 128 Go', 'Samsung', 'Galaxy S23', 'smartphones-occasion', 18000, 'imei'],
  ['Google Pixel 7 128 Go', 'Google', 'Pixel 7', 'smartphones-occasion', 11000, 'imei'],
  ['Samsung Galaxy A54 5G 128 Go', 'Samsung', 'Galaxy A54 5G', 'smartphones-occasion', 8000, 'imei', 'noE', 'draft'],
];

/** What a boxed device of each category weighs when its product names none (grams). */
export const CATEGORY_WEIGHTS: Readonly<Record<string, number>> = {
  electronique: 500,
  smartphones: 350,
  tablettes: 900,
  'ordinateurs-portables': 2600,
  consoles: 4200,
  'montres-connectees': 150,
  accessoires: 400,
  telephonie: 350,
};

/** Products whose own weight is known (grams, boxed), by the start of their label; the others weigh their category's. */
export const PRODUCT_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['Apple iPhone 13 mini', 290],
  ['Apple iPhone', 380],
  ['Apple MacBook', 2100],
  ['Sony PlayStation 5', 5200],
  ['Nintendo Switch', 1100],
];

/**
 * What the customer and the seller do with the parcel, per circuit (the
 * steps are the types' usual wording; the retailer may write its own).
 */
export const CIRCUIT_INSTRUCTIONS: Readonly<Record<CircuitType, readonly InstructionType[]>> = {
  store_collect: ['protect', 'close', 'join'],
  store_drop: ['protect', 'close', 'print', 'join'],
  store_drop_label: ['protect', 'close', 'print', 'join'],
  web_drop: ['protect', 'deliver'],
  web_drop_label: ['protect', 'insert', 'close', 'print', 'post'],
  web_post: ['protect', 'insert', 'close', 'print', 'post'],
  web_collect: ['protect', 'close', 'print', 'agenda'],
};

/** The demo retailers' shipping methods and circuits (their instructions above). */
export type ShippingKey = 'store' | 'web-store-drop' | 'home-collect' | 'drop-off-point' | 'postal';
type ShippingType = ShippingMethodConfigured['data']['shippingType'];

export const SHIPPING_METHODS: ReadonlyArray<readonly [ShippingKey, BuybackChannel, ShippingType, string, string]> = [
  ['store', 'store', 'store_drop', 'Dépôt en magasin', "Le client remet l'appareil au vendeur du magasin."],
  ['web-store-drop', 'web', 'store_drop', 'Dépôt dans un magasin', 'Déposez votre appareil dans le magasin de votre choix avec votre code de reprise.'],
  ['home-collect', 'web', 'home_collect', 'Collecte à domicile', 'Un transporteur vient chercher votre appareil chez vous.'],
  ['drop-off-point', 'web', 'drop_off_point', 'Dépôt en point relais', "Imprimez l'étiquette prépayée et déposez votre colis dans un point relais."],
  ['postal', 'web', 'postal', 'Envoi par La Poste', 'Envoyez votre appareil par colis postal.'],
];

export const CIRCUITS: ReadonlyArray<readonly [CircuitType, BuybackChannel, DepositType, string, string, ShippingKey]> = [
  ['store_drop', 'store', 'drop', 'Reprise en magasin', "Le vendeur réalise la reprise avec le client et garde l'appareil.", 'store'],
  ['store_drop_label', 'store', 'drop_label', 'Reprise en magasin, envoi avec étiquette', "Le vendeur réalise la reprise puis expédie l'appareil avec l'étiquette prépayée.", 'store'],
  ['store_collect', 'store', 'collect', 'Reprise en magasin, collecte par l’enseigne', "Le vendeur réalise la reprise ; la logistique de l'enseigne vient chercher les appareils au magasin, sans étiquette de transporteur.", 'store'],
  ['web_drop', 'web', 'drop', 'Prédéclaration web et dépôt en magasin', 'Le client prédéclare sa reprise en ligne puis dépose son appareil en magasin.', 'web-store-drop'],
  ['web_drop_label', 'web', 'drop_label', 'Dépôt en point relais', "Le client dépose son colis en point relais avec l'étiquette prépayée.", 'drop-off-point'],
  ['web_post', 'web', 'post', 'Envoi postal', "Le client envoie l'appareil par La Poste.", 'postal'],
  ['web_collect', 'web', 'collect', 'Collecte à domicile', "Un transporteur collecte l'appareil au domicile du client.", 'home-collect'],
];
