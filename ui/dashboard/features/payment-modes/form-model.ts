// .js: Node tests load this file.
import { DomainError } from '@server/domain/shared/domain-error.js';
import { validatePaymentMode, type PaymentModeConfiguration } from '@server/domain/payments/payment-mode.js';
import type { PaymentMode, PaymentModifier } from './types.js';
import type { TranslatedLocale, Translations } from '@server/domain/shared/translations.js';
import { translatedTexts, translationsOf, type TranslatedTexts } from '../../components/translated-texts.js';

/** The texts the form translates (same bounds as their French field). */
export const TRANSLATED_FIELDS = ['label', 'description'] as const;

/** What the form edits, as typed: numbers as text (a cap or an amount in euros, a comma or a point). */
export interface PaymentModeFormValues {
  paymentType: PaymentModeConfiguration['paymentType'];
  label: string;
  description: string;
  longDescription: string;
  mailContent: string;
  provider: PaymentModeConfiguration['provider'];
  status: PaymentModeConfiguration['status'];
  modifierKind: PaymentModifier['kind'];
  percent: string;
  cap: string;
  amount: string;
  translations: TranslatedTexts;
}

export type PaymentModeField =
  | Exclude<keyof PaymentModeFormValues, 'modifierKind' | 'translations'>
  | 'modifier'
  | `translations.${TranslatedLocale}.${(typeof TRANSLATED_FIELDS)[number]}`;
export type PaymentModeProblems = Partial<Record<PaymentModeField, string>>;

/** The body of POST /payment-modes (and, in part, of PATCH). */
export interface PaymentModeBody {
  paymentType: PaymentModeFormValues['paymentType'];
  label: string;
  description: string | null;
  longDescription: string | null;
  mailContent: string | null;
  provider: PaymentModeFormValues['provider'];
  status: PaymentModeFormValues['status'];
  modifier?: PaymentModifier;
  translations: Translations | null;
}

export const NEW_PAYMENT_MODE: PaymentModeFormValues = {
  paymentType: 'bank_transfer',
  label: '',
  description: '',
  longDescription: '',
  mailContent: '',
  provider: 'bank_transfer_file',
  status: 'enabled',
  modifierKind: 'disabled',
  percent: '',
  cap: '',
  amount: '',
  translations: translatedTexts(null, TRANSLATED_FIELDS),
};

const euros = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace(/\.00$/, ''));

export function valuesOf(mode: PaymentMode): PaymentModeFormValues {
  const { modifier } = mode;
  return {
    paymentType: mode.paymentType,
    label: mode.label,
    description: mode.description ?? '',
    longDescription: mode.longDescription ?? '',
    mailContent: mode.mailContent ?? '',
    provider: mode.provider,
    status: mode.status,
    modifierKind: modifier.kind,
    percent: modifier.kind === 'percentage' ? String(modifier.percent) : '',
    cap: modifier.kind === 'percentage' ? euros(modifier.capInCents) : '',
    amount: modifier.kind === 'amount' ? euros(modifier.amountInCents) : '',
    translations: translatedTexts(mode.translations, TRANSLATED_FIELDS),
  };
}

/** Euros as typed ("-20", "12,5") in cents; not a number: NaN, which the rules refuse at its field. */
export function centsOf(text: string): number {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

function wholeOf(text: string): number {
  return /^[-+]?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

export function modifierOf(values: PaymentModeFormValues): PaymentModifier {
  switch (values.modifierKind) {
    case 'percentage':
      return { kind: 'percentage', percent: wholeOf(values.percent), capInCents: values.cap.trim() === '' ? null : centsOf(values.cap) };
    case 'amount':
      return { kind: 'amount', amountInCents: centsOf(values.amount) };
    default:
      return { kind: 'disabled' };
  }
}

/** Where a field the API (or the rules) names belongs in the form. */
export function formFieldOf(field: string): PaymentModeField | null {
  const fields: Record<string, PaymentModeField> = {
    'modifier.percent': 'percent',
    'modifier.capInCents': 'cap',
    'modifier.amountInCents': 'amount',
    'modifier.kind': 'modifier',
    modifier: 'modifier',
  };
  if (fields[field]) return fields[field];
  if (/^translations\.(en-GB|nl-BE|de-DE)\.(label|description)$/.test(field)) return field as PaymentModeField;
  const own: readonly string[] = ['paymentType', 'label', 'description', 'longDescription', 'mailContent', 'provider', 'status'];
  return own.includes(field) ? (field as PaymentModeField) : null;
}

/**
 * The body the form sends, checked first by the same rules as the API's
 * (`validatePaymentMode`): each problem at its field, with its code and the
 * bound it broke, for the screen to say in the user's language.
 * `withModifier`: false leaves the bonus or malus out (no payment_bonus: it
 * stays as it is).
 */
export function checkForm(
  values: PaymentModeFormValues,
  withModifier: boolean,
): { body: PaymentModeBody } | { problems: Array<{ field: PaymentModeField; code: string; details: Record<string, unknown> }> } {
  const body: PaymentModeBody = {
    paymentType: values.paymentType,
    label: values.label,
    description: values.description,
    longDescription: values.longDescription,
    mailContent: values.mailContent,
    provider: values.provider,
    status: values.status,
    ...(withModifier ? { modifier: modifierOf(values) } : {}),
    translations: translationsOf(values.translations),
  };
  try {
    const checked = validatePaymentMode({ ...body, modifier: body.modifier ?? { kind: 'disabled' } });
    return { body: { ...body, label: checked.label, description: checked.description, longDescription: checked.longDescription, mailContent: checked.mailContent } };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fields = (error.details.fields ?? []) as Array<{ field: string; code: string; [key: string]: unknown }>;
    return { problems: fields.map(({ field, code, ...details }) => ({ field: formFieldOf(field) ?? 'label', code, details })) };
  }
}
