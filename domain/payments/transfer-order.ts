import type { Locale } from '../organizations/events.js';
import { DomainError } from '../shared/domain-error.js';

/**
 * The transfer order (bon de cession): the text the customer signs to hand
 * their device over to the buyer. The retailer may write its own (premium
 * feature `custom_transfer_order`, specification 001), 2 to 5000 characters,
 * with variables taken only from the list below and written `{{name}}`; any
 * other `{{…}}` is refused, so a typo never reaches a customer's paper.
 * Pure: the text is checked and filled here, the PDF is drawn elsewhere.
 */
export const TRANSFER_ORDER_VARIABLES = [
  'total_price',
  'buyer_address',
  'buyer_long_name',
  'buyer_name',
  'buyer_siret',
  'buyer_capital',
  'customer_firstname',
  'customer_lastname',
  'payment_type',
  'product_label',
] as const;
export type TransferOrderVariable = (typeof TRANSFER_ORDER_VARIABLES)[number];
export type TransferOrderValues = Readonly<Record<TransferOrderVariable, string>>;

export const TRANSFER_ORDER_TEXT_MIN = 2;
export const TRANSFER_ORDER_TEXT_MAX = 5000;
/** The premium feature (the account's `settings.enabledPremiumFeatures`) that lets a retailer write its own text. */
export const CUSTOM_TRANSFER_ORDER_FEATURE = 'custom_transfer_order';

/** `{{ name }}`: a variable, spaces inside the braces tolerated. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

function isVariable(name: string): name is TransferOrderVariable {
  return (TRANSFER_ORDER_VARIABLES as readonly string[]).includes(name);
}

/**
 * Throws the first problem of a retailer's text: TRANSFER_ORDER_TEXT_TOO_SHORT
 * or _TOO_LONG (counted in characters, not UTF-16 units, after trimming),
 * TRANSFER_ORDER_VARIABLE_UNKNOWN naming the variable, or
 * TRANSFER_ORDER_VARIABLE_MALFORMED for braces that open or close nothing.
 */
export function checkTransferOrderText(text: string): void {
  const length = Array.from(text.trim()).length;
  if (length < TRANSFER_ORDER_TEXT_MIN) throw new DomainError('TRANSFER_ORDER_TEXT_TOO_SHORT', { field: 'text', min: TRANSFER_ORDER_TEXT_MIN, length });
  if (length > TRANSFER_ORDER_TEXT_MAX) throw new DomainError('TRANSFER_ORDER_TEXT_TOO_LONG', { field: 'text', max: TRANSFER_ORDER_TEXT_MAX, length });
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!isVariable(name)) throw new DomainError('TRANSFER_ORDER_VARIABLE_UNKNOWN', { field: 'text', variable: name, allowed: [...TRANSFER_ORDER_VARIABLES] });
  }
  const rest = text.replace(PLACEHOLDER, '');
  const stray = /\{\{|\}\}/.exec(rest);
  if (stray) throw new DomainError('TRANSFER_ORDER_VARIABLE_MALFORMED', { field: 'text', near: rest.slice(Math.max(0, stray.index - 20), stray.index + 22) });
}

/** The variables a text uses, each once, in order of first use. */
export function variablesOf(text: string): TransferOrderVariable[] {
  const found: TransferOrderVariable[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (isVariable(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

/**
 * The text with each variable replaced by its value. The values are put in
 * as they are: a value that looks like a variable is never expanded again.
 * An unknown placeholder (a text saved before a variable was withdrawn) is
 * left as written.
 */
export function renderTransferOrderText(template: string, values: TransferOrderValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (isVariable(name) ? values[name] : whole));
}

/** The text used when the retailer wrote none (or may not): one per customer language. */
export const DEFAULT_TRANSFER_ORDER_TEXTS: Readonly<Record<Locale, string>> = {
  'fr-FR': [
    'Je soussigné(e) {{customer_firstname}} {{customer_lastname}} certifie être le propriétaire légitime du produit {{product_label}} et le céder, libre de tout droit, gage ou blocage, à {{buyer_long_name}} ({{buyer_name}}), SIRET {{buyer_siret}}, au capital de {{buyer_capital}}, dont le siège est situé {{buyer_address}}.',
    'En contrepartie, je recevrai la somme de {{total_price}}, réglée par {{payment_type}}, sous réserve de la conformité du produit à ma déclaration.',
    'Je reconnais avoir supprimé mes données personnelles et désactivé tout verrouillage du produit.',
  ].join('\n\n'),
  'en-GB': [
    'I, the undersigned {{customer_firstname}} {{customer_lastname}}, certify that I am the lawful owner of the product {{product_label}} and transfer it, free of any right, pledge or lock, to {{buyer_long_name}} ({{buyer_name}}), company number (SIRET) {{buyer_siret}}, share capital {{buyer_capital}}, registered office {{buyer_address}}.',
    'In return, I will receive {{total_price}}, paid by {{payment_type}}, provided the product matches my declaration.',
    'I confirm that I have erased my personal data and disabled every lock on the product.',
  ].join('\n\n'),
  'nl-BE': [
    'Ondergetekende {{customer_firstname}} {{customer_lastname}} verklaart de rechtmatige eigenaar te zijn van het product {{product_label}} en het, vrij van elk recht, pand of blokkering, over te dragen aan {{buyer_long_name}} ({{buyer_name}}), ondernemingsnummer (SIRET) {{buyer_siret}}, met een kapitaal van {{buyer_capital}}, met zetel te {{buyer_address}}.',
    'In ruil daarvoor ontvang ik {{total_price}}, betaald via {{payment_type}}, op voorwaarde dat het product overeenstemt met mijn verklaring.',
    'Ik bevestig dat ik mijn persoonsgegevens heb gewist en elke vergrendeling van het product heb uitgeschakeld.',
  ].join('\n\n'),
  'de-DE': [
    'Ich, {{customer_firstname}} {{customer_lastname}}, bestätige, rechtmäßiger Eigentümer des Produkts {{product_label}} zu sein, und übertrage es frei von Rechten, Pfandrechten und Sperren an {{buyer_long_name}} ({{buyer_name}}), Handelsregisternummer (SIRET) {{buyer_siret}}, Stammkapital {{buyer_capital}}, mit Sitz in {{buyer_address}}.',
    'Im Gegenzug erhalte ich {{total_price}}, gezahlt per {{payment_type}}, sofern das Produkt meiner Angabe entspricht.',
    'Ich bestätige, dass ich meine persönlichen Daten gelöscht und jede Sperre des Produkts deaktiviert habe.',
  ].join('\n\n'),
};

/** The account's transfer order settings, folded from its payment settings stream (other settings' events pass through). */
export interface TransferOrderSettings {
  /** The retailer's own text; null: the default text in the customer's language. */
  readonly customText: string | null;
}

export const NO_TRANSFER_ORDER_SETTINGS: TransferOrderSettings = { customText: null };

export interface TransferOrderTextSaved {
  type: 'TransferOrderTextSaved';
  data: { accountId: string; text: string };
}

/** Back to the default text. */
export interface TransferOrderTextReset {
  type: 'TransferOrderTextReset';
  data: { accountId: string };
}

export type TransferOrderSettingsEvent = TransferOrderTextSaved | TransferOrderTextReset;
export const TRANSFER_ORDER_SETTINGS_EVENT_TYPES: Array<TransferOrderSettingsEvent['type']> = ['TransferOrderTextSaved', 'TransferOrderTextReset'];

export interface SaveTransferOrderText {
  type: 'SaveTransferOrderText';
  /** `text` null: back to the default. `customAllowed`: the account has the premium feature. */
  data: { accountId: string; text: string | null; customAllowed: boolean };
}

/** Folds one event of the settings stream; events of the other settings (the debtor account) leave it as it is. */
export function evolveTransferOrderSettings(state: TransferOrderSettings, event: { type: string; data: object }): TransferOrderSettings {
  switch (event.type) {
    case 'TransferOrderTextSaved':
      return { customText: (event as TransferOrderTextSaved).data.text };
    case 'TransferOrderTextReset':
      return { customText: null };
    default:
      return state;
  }
}

/**
 * Saving the text: refused without the premium feature
 * (the shared 403 PREMIUM_FEATURE_NOT_ENABLED naming the feature, which
 * replaced this part's own TRANSFER_ORDER_PREMIUM_REQUIRED; going back to
 * the default is always allowed), checked, and written only when it changes something (the same
 * text twice is one event).
 */
export function decideTransferOrderText(command: SaveTransferOrderText, state: TransferOrderSettings): TransferOrderSettingsEvent[] {
  const { accountId, text, customAllowed } = command.data;
  // Going back to the default needs no feature: an account that lost it may still clear the text it kept.
  if (text === null) return state.customText === null ? [] : [{ type: 'TransferOrderTextReset', data: { accountId } }];
  if (!customAllowed) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature: CUSTOM_TRANSFER_ORDER_FEATURE, field: 'text' });
  checkTransferOrderText(text);
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  return normalized === state.customText ? [] : [{ type: 'TransferOrderTextSaved', data: { accountId, text: normalized } }];
}

/** The text a buyback's transfer order prints: the retailer's when it may have one, else the default in the customer's language. */
export function effectiveTransferOrderText(settings: TransferOrderSettings, customAllowed: boolean, locale: Locale): { text: string; custom: boolean } {
  if (customAllowed && settings.customText !== null) return { text: settings.customText, custom: true };
  return { text: DEFAULT_TRANSFER_ORDER_TEXTS[locale], custom: false };
}
