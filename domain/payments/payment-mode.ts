import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/decider.js';
import { validatePaymentModifier, type PaymentModifier } from './modifier.js';
import type { PaymentProvider, PaymentType } from './state.js';
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../shared/translations.js';

/**
 * A payment mode as a retailer configures it (specification 001: "label,
 * description, long description, mail content, provider, bonus/malus mode,
 * type"): what the buyback path offers the customer, and how they are paid.
 * Its events stay on the catalogue's `payment_mode` streams (the buyback path
 * reads them there); its rules are the payments part's.
 */
export const PAYMENT_MODE_STATUSES = ['enabled', 'disabled'] as const;
export type PaymentModeStatus = (typeof PAYMENT_MODE_STATUSES)[number];

/** The premium feature (the account's `settings.enabledPremiumFeatures`) a bonus or malus needs. */
export const PAYMENT_BONUS_FEATURE = 'payment_bonus';

/** The specification's bounds, in characters (code points, after trimming); the long description also in lines. */
export const PAYMENT_MODE_LIMITS = {
  label: { min: 1, max: 255 },
  description: { min: 2, max: 300 },
  longDescription: { max: 800, maxLines: 15 },
  mailContent: { max: 300 },
} as const;

export interface PaymentModeConfiguration {
  paymentType: PaymentType;
  label: string;
  description: string | null;
  longDescription: string | null;
  mailContent: string | null;
  provider: PaymentProvider;
  modifier: PaymentModifier;
  status: PaymentModeStatus;
  /**
   * The texts in en-GB, nl-BE and de-DE, by field (`label`, `description`,
   * `longDescription`, `mailContent`); French is the fields themselves.
   * Absent from the events written before (read as none).
   */
  translations?: Translations | null;
}

/** The texts of a payment mode that may be translated. */
export const PAYMENT_MODE_TRANSLATED_FIELDS = ['label', 'description', 'longDescription', 'mailContent'] as const;

/** One refused field: where (`modifier.percent`), the code of its message, and the bound it broke. */
export interface PaymentModeFieldError {
  field: string;
  code: string;
  [detail: string]: unknown;
}

const length = (text: string) => [...text].length;
const linesOf = (text: string) => text.split(/\r\n|\r|\n/).length;
const optional = (text: string | null | undefined) => (text ?? '').trim() || null;

/** The modifier's own refusal, said at its field with a code of its own. */
function modifierProblem(modifier: PaymentModifier): PaymentModeFieldError | null {
  try {
    validatePaymentModifier(modifier);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = String(error.details.field ?? 'kind');
    const code =
      field === 'percent' ? 'PAYMENT_MODIFIER_PERCENT_INVALID' : field === 'capInCents' ? 'PAYMENT_MODIFIER_CAP_INVALID' : 'PAYMENT_MODIFIER_AMOUNT_INVALID';
    return { field: `modifier.${field}`, code, reason: error.details.reason };
  }
}

/**
 * The configuration as it is kept: texts trimmed, an empty optional text
 * null. Every field's problem is collected (a form shows them all) and
 * refused at once as PAYMENT_MODE_INVALID, `details.fields` naming each.
 */
export function validatePaymentMode(input: PaymentModeConfiguration): PaymentModeConfiguration {
  const fields: PaymentModeFieldError[] = [];
  const label = input.label.trim();
  const description = optional(input.description);
  const longDescription = optional(input.longDescription);
  const mailContent = optional(input.mailContent);
  const { label: labelBounds, description: descriptionBounds } = PAYMENT_MODE_LIMITS;
  if (label === '') fields.push({ field: 'label', code: 'TEXT_REQUIRED' });
  else if (length(label) > labelBounds.max) fields.push({ field: 'label', code: 'TEXT_LENGTH', ...labelBounds });
  if (description !== null && (length(description) < descriptionBounds.min || length(description) > descriptionBounds.max)) {
    fields.push({ field: 'description', code: 'TEXT_LENGTH', ...descriptionBounds });
  }
  if (longDescription !== null) {
    const { max, maxLines } = PAYMENT_MODE_LIMITS.longDescription;
    if (length(longDescription) > max) fields.push({ field: 'longDescription', code: 'TEXT_LENGTH', min: 0, max });
    else if (linesOf(longDescription) > maxLines) fields.push({ field: 'longDescription', code: 'PAYMENT_MODE_TOO_MANY_LINES', max: maxLines });
  }
  if (mailContent !== null && length(mailContent) > PAYMENT_MODE_LIMITS.mailContent.max) {
    fields.push({ field: 'mailContent', code: 'TEXT_LENGTH', min: 0, max: PAYMENT_MODE_LIMITS.mailContent.max });
  }
  const modifier = modifierProblem(input.modifier);
  if (modifier) fields.push(modifier);
  const translations = cleanTranslations(input.translations, (path) => (PAYMENT_MODE_TRANSLATED_FIELDS as readonly string[]).includes(path));
  fields.push(...translationProblems(translations));
  if (fields.length > 0) throw new DomainError('PAYMENT_MODE_INVALID', { fields });
  return { ...input, label, description, longDescription, mailContent, translations };
}

/** Each translated text within its field's own bounds, said at `translations.<locale>.<field>`. */
function translationProblems(translations: Translations | null): PaymentModeFieldError[] {
  const problems: PaymentModeFieldError[] = [];
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, text] of Object.entries(translations?.[locale] ?? {})) {
      const field = `translations.${locale}.${path}`;
      const bounds =
        path === 'label'
          ? PAYMENT_MODE_LIMITS.label
          : path === 'description'
            ? PAYMENT_MODE_LIMITS.description
            : { min: 0, max: path === 'longDescription' ? PAYMENT_MODE_LIMITS.longDescription.max : PAYMENT_MODE_LIMITS.mailContent.max };
      if (length(text) < bounds.min || length(text) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
      else if (path === 'longDescription' && linesOf(text) > PAYMENT_MODE_LIMITS.longDescription.maxLines) {
        problems.push({ field, code: 'PAYMENT_MODE_TOO_MANY_LINES', max: PAYMENT_MODE_LIMITS.longDescription.maxLines });
      }
    }
  }
  return problems;
}

/** Whether a modifier is a bonus or a malus (anything but disabled). */
export function isBonusOrMalus(modifier: PaymentModifier): boolean {
  return modifier.kind !== 'disabled';
}

/** The modifier with its keys in one order, and nothing else: two equal modifiers compare equal. */
function canonicalModifier(modifier: PaymentModifier): PaymentModifier {
  switch (modifier.kind) {
    case 'percentage':
      return { kind: 'percentage', percent: modifier.percent, capInCents: modifier.capInCents ?? null };
    case 'amount':
      return { kind: 'amount', amountInCents: modifier.amountInCents };
    default:
      return { kind: 'disabled' };
  }
}

function sameModifier(a: PaymentModifier, b: PaymentModifier): boolean {
  return JSON.stringify(canonicalModifier(a)) === JSON.stringify(canonicalModifier(b));
}

// ---------------------------------------------------------------------------
// The payment mode as an aggregate: created once, then reconfigured.

export interface PaymentModeConfigured {
  type: 'PaymentModeConfigured';
  /** v2: the whole configuration, at its creation and at each change (v1 had no long description, mail content nor provider). */
  data: { paymentModeId: string } & PaymentModeConfiguration;
}

export type PaymentModeCommand =
  | { type: 'CreatePaymentMode'; data: { paymentModeId: string; configuration: PaymentModeConfiguration; bonusAllowed: boolean } }
  | { type: 'UpdatePaymentMode'; data: { paymentModeId: string; changes: Partial<PaymentModeConfiguration>; bonusAllowed: boolean } };

export type PaymentModeState = ({ paymentModeId: string } & PaymentModeConfiguration) | null;

/**
 * Creation refuses an existing mode (PAYMENT_MODE_ALREADY_EXISTS); a change,
 * a missing one (PAYMENT_MODE_NOT_FOUND), and writes nothing when nothing
 * changes. A bonus or malus needs the `payment_bonus` premium feature
 * (PAYMENT_BONUS_NOT_ENABLED): without it, a mode may keep the one it has,
 * or be given none, but not be given a new one.
 */
export function decidePaymentMode(command: PaymentModeCommand, state: PaymentModeState): PaymentModeConfigured[] {
  const { paymentModeId, bonusAllowed } = command.data;
  let next: PaymentModeConfiguration;
  switch (command.type) {
    case 'CreatePaymentMode':
      if (state !== null) throw new DomainError('PAYMENT_MODE_ALREADY_EXISTS', { paymentModeId });
      next = command.data.configuration;
      break;
    case 'UpdatePaymentMode': {
      if (state === null) throw new DomainError('PAYMENT_MODE_NOT_FOUND', { paymentModeId });
      const defined = Object.fromEntries(Object.entries(command.data.changes).filter(([, value]) => value !== undefined));
      next = { ...configurationOf(state), ...defined };
      break;
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
  const kept = state !== null && sameModifier(state.modifier, next.modifier);
  if (!bonusAllowed && isBonusOrMalus(next.modifier) && !kept) {
    throw new DomainError('PAYMENT_BONUS_NOT_ENABLED', { field: 'modifier', feature: PAYMENT_BONUS_FEATURE });
  }
  const configuration = configurationOf(validatePaymentMode(next));
  if (state !== null && JSON.stringify(configurationOf(state)) === JSON.stringify(configuration)) return [];
  return [{ type: 'PaymentModeConfigured', data: { paymentModeId, ...configuration } }];
}

/** The configuration alone, in one key order (a change is compared field by field). */
export function configurationOf(mode: PaymentModeConfiguration): PaymentModeConfiguration {
  return {
    paymentType: mode.paymentType,
    label: mode.label,
    description: mode.description,
    longDescription: mode.longDescription,
    mailContent: mode.mailContent,
    provider: mode.provider,
    modifier: canonicalModifier(mode.modifier),
    status: mode.status,
    translations: mode.translations ?? null,
  };
}

export const paymentModeDecider: Decider<PaymentModeState, PaymentModeCommand, PaymentModeConfigured> = {
  initialState: () => null,
  evolve: (_state, event) => ({ ...event.data }),
  decide: decidePaymentMode,
};
