import { Type, type Static } from '@sinclair/typebox';

/** GET /api/settings/transfer-order: the transfer order's text, its default in each language, and the rules a text follows. */
export const TransferOrderSettingsView = Type.Object(
  {
    accountId: Type.String(),
    /** The account has the premium feature: it may write its own text. */
    customAllowed: Type.Boolean(),
    /** The retailer's own text; null: the default. Kept without the feature, but not printed. */
    customText: Type.Union([Type.String(), Type.Null()]),
    /** The default text in each language. */
    defaultTexts: Type.Object({ 'fr-FR': Type.String(), 'en-GB': Type.String(), 'nl-BE': Type.String(), 'de-DE': Type.String() }),
    variables: Type.Array(Type.String()),
    minLength: Type.Integer(),
    maxLength: Type.Integer(),
    updatedAt: Type.Union([Type.String(), Type.Null()]),
    /** Revision of the account's payment settings stream at the text's last change (-1: never changed). */
    revision: Type.Integer(),
  },
  { title: 'TransferOrderSettings' },
);
export type TransferOrderSettingsView = Static<typeof TransferOrderSettingsView>;
