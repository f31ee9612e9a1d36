import {
  createPaymentMode,
  listPaymentModes,
  paymentMode,
  PAYMENT_MODE_SORTS,
  updatePaymentMode,
  type PaymentModePorts,
} from '../../../../application/payments/payment-modes.js';
import { PaymentModeDetailView, PaymentModePage } from '../../../../application/payments/payment-mode-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import type { PaymentModifier } from '../../../../domain/payments/modifier.js';
import { PAYMENT_MODE_LIMITS, PAYMENT_MODE_STATUSES, type PaymentModeConfiguration } from '../../../../domain/payments/payment-mode.js';
import { PAYMENT_PROVIDERS, PAYMENT_TYPES } from '../../../../domain/payments/state.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams } from '../schemas.js';
import { TRANSLATED_LOCALES, type Translations } from '../../../../domain/shared/translations.js';

const tag = 'payment-modes';
const { label, description, longDescription, mailContent } = PAYMENT_MODE_LIMITS;
/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's), not the schema's. */
const OptionalText = (max: number, what: string) => Type.Union([Type.String({ maxLength: 2 * max, description: what }), Type.Null()]);
/** Whole cents within ±1,000,000.00. */
const Cents = Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 });

/**
 * The bonus or malus as sent: its kind and the values it needs. Checked by
 * the domain (`validatePaymentModifier`), which names the field and why: a
 * percentage is whole, from -100 to 100, not 0, its optional cap (cents) of
 * the same sign; an amount is whole cents, not 0.
 */
const ModifierBody = Type.Object(
  {
    kind: StringEnum(['disabled', 'percentage', 'amount'] as const),
    percent: Type.Optional(Type.Integer({ minimum: -1_000, maximum: 1_000 })),
    capInCents: Type.Optional(Type.Union([Cents, Type.Null()])),
    amountInCents: Type.Optional(Cents),
  },
  { additionalProperties: false, description: 'disabled; percentage (percent, capInCents or null); amount (amountInCents). Positive: a bonus; negative: a malus.' },
);

/** en-GB, nl-BE, de-DE: each field's text in that language (blank: French), bounded like the field (the domain says which is too long). */
const TranslationsBody = Type.Union([
  Type.Object(
    Object.fromEntries(
      TRANSLATED_LOCALES.map((locale) => [
        locale,
        Type.Optional(
          Type.Object(
            {
              label: Type.Optional(Type.String({ maxLength: 2 * label.max })),
              description: Type.Optional(Type.String({ maxLength: 2 * description.max })),
              longDescription: Type.Optional(Type.String({ maxLength: 2 * longDescription.max })),
              mailContent: Type.Optional(Type.String({ maxLength: 2 * mailContent.max })),
            },
            { additionalProperties: false },
          ),
        ),
      ]),
    ),
    { additionalProperties: false, description: 'The texts in en-GB, nl-BE and de-DE, by field; French is the fields themselves.' },
  ),
  Type.Null(),
]);

const fields = {
  paymentType: StringEnum(PAYMENT_TYPES),
  label: Text(2 * label.max, 0, { description: `Required, ${label.min} to ${label.max} characters.` }),
  description: Type.Optional(OptionalText(description.max, `${description.min} to ${description.max} characters, or null.`)),
  longDescription: Type.Optional(OptionalText(longDescription.max, `At most ${longDescription.max} characters and ${longDescription.maxLines} lines, or null.`)),
  mailContent: Type.Optional(OptionalText(mailContent.max, `At most ${mailContent.max} characters, or null: the words of the customer's e-mail about this payment.`)),
  provider: StringEnum(PAYMENT_PROVIDERS),
  modifier: Type.Optional(ModifierBody),
  status: Type.Optional(StringEnum(PAYMENT_MODE_STATUSES)),
  translations: Type.Optional(TranslationsBody),
};

type ModifierInput = { kind: 'disabled' | 'percentage' | 'amount'; percent?: number; capInCents?: number | null; amountInCents?: number };

/** The modifier the body means; a value it lacks is NaN, which the domain refuses at its field ("a value is required"). */
function modifierOf(body: ModifierInput): PaymentModifier {
  switch (body.kind) {
    case 'percentage':
      return { kind: 'percentage', percent: body.percent ?? Number.NaN, capInCents: body.capInCents ?? null };
    case 'amount':
      return { kind: 'amount', amountInCents: body.amountInCents ?? Number.NaN };
    default:
      return { kind: 'disabled' };
  }
}

export function paymentModeRoutes(ports: PaymentModePorts): Route[] {
  const onMode = idParams('id');
  return [
    ...listRoutes({
      path: '/payment-modes',
      tag,
      sorts: PAYMENT_MODE_SORTS,
      filters: {
        label: Type.Optional(Text(255)),
        status: Type.Optional(StringEnum(PAYMENT_MODE_STATUSES)),
        paymentType: Type.Optional(StringEnum(PAYMENT_TYPES)),
      },
      page: {
        operationId: 'listPaymentModes',
        summary: 'The payment modes of the caller’s retailer (by label unless ordered otherwise), enabled and disabled, each with its provider and bonus or malus',
        permission: 'payment_mode.list',
        schema: PaymentModePage,
        handler: ({ principal }, query) => listPaymentModes(ports.documents, principal, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/payment-modes',
      operationId: 'createPaymentMode',
      summary:
        'A new payment mode of the caller’s retailer (provider staff name the account): label, descriptions, mail content, provider, type, bonus or malus (the payment_bonus premium feature: PAYMENT_BONUS_NOT_ENABLED without it), status (enabled unless said). Each invalid field is named in PAYMENT_MODE_INVALID’s details. A new mode is offered once a circuit names it',
      tag,
      access: { kind: 'authenticated', permission: createPaymentMode.permission as string },
      body: Type.Object(fields, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: {
        403: 'No account named by provider staff (ACCOUNT_REQUIRED), or a bonus or malus without the payment_bonus premium feature (PAYMENT_BONUS_NOT_ENABLED)',
        422: 'A field breaks the rules (PAYMENT_MODE_INVALID, details.fields)',
      },
      async handler(context) {
        const outcome = await createPaymentMode.run(ports, commandContext(context), configurationOf(context.body));
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/payment-modes/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payment-modes/{id}',
      operationId: 'getPaymentMode',
      summary: 'One payment mode of the caller’s retailer, with whether it may have a bonus or malus (its ETag: the revision for If-Match)',
      tag,
      access: { kind: 'authenticated', permission: 'payment_mode.list' },
      params: onMode,
      response: { status: 200, description: 'The payment mode', schema: PaymentModeDetailView },
      async handler({ principal, params }) {
        const mode = await paymentMode(ports.documents, principal, params.id);
        return { body: mode, headers: { ETag: etagOf(mode.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/payment-modes/{id}',
      operationId: 'updatePaymentMode',
      summary:
        'Changes what the body names of a payment mode (what it leaves out stays); enabling or disabling it changes what the buyback path offers from the next estimate on. If-Match with its revision: another change since answers 412. A bonus or malus it did not have needs the payment_bonus premium feature',
      tag,
      access: { kind: 'authenticated', permission: updatePaymentMode.permission as string },
      params: onMode,
      body: Type.Object(
        { ...fields, paymentType: Type.Optional(fields.paymentType), label: Type.Optional(fields.label), provider: Type.Optional(fields.provider) },
        { additionalProperties: false },
      ),
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        403: 'A new bonus or malus without the payment_bonus premium feature (PAYMENT_BONUS_NOT_ENABLED)',
        412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)',
        422: 'A field breaks the rules (PAYMENT_MODE_INVALID, details.fields)',
      },
      async handler(context) {
        const { modifier, ...rest } = context.body;
        const changes: Partial<PaymentModeConfiguration> = { ...rest, ...(modifier ? { modifier: modifierOf(modifier) } : {}) };
        return commandResult(await updatePaymentMode.run(ports, commandContext(context), { ...changes, paymentModeId: context.params.id }));
      },
    }),
  ];
}

function configurationOf(body: {
  paymentType: PaymentModeConfiguration['paymentType'];
  label: string;
  description?: string | null;
  longDescription?: string | null;
  mailContent?: string | null;
  provider: PaymentModeConfiguration['provider'];
  modifier?: ModifierInput;
  status?: PaymentModeConfiguration['status'];
  translations?: Translations | null;
}): PaymentModeConfiguration {
  return {
    paymentType: body.paymentType,
    label: body.label,
    description: body.description ?? null,
    longDescription: body.longDescription ?? null,
    mailContent: body.mailContent ?? null,
    provider: body.provider,
    modifier: body.modifier ? modifierOf(body.modifier) : { kind: 'disabled' },
    status: body.status ?? 'enabled',
    translations: body.translations ?? null,
  };
}
