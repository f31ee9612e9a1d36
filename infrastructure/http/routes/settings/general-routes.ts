/**
 * The general settings (issue 23, specification 002 §2 "/settings/tim/general",
 * "/settings/lcm/general", §3 "Brand settings"): a page's settings, their
 * change by a JSON merge-patch (If-Match: the account stream's revision) and
 * their history. The organization root details' own routes
 * (`GET accounts/{id}/organization-root-detail`, `PATCH
 * organization-root-details/{id}`) stay the provider's; a page also holds
 * client details (currency, language, the back-to-website link, the store
 * locator map), changed in the same append.
 */
import { CURRENCIES } from '../../../../domain/shared/money.js';
import { LOCALES } from '../../../../domain/organizations/events.js';
import { GENERAL_SETTINGS_PAGES } from '../../../../domain/settings/general/general-settings.js';
import { changeGeneralSettings, generalSettingsHistory, getGeneralSettings, type GeneralSettingsPorts } from '../../../../application/settings/general/general-settings.js';
import { GeneralSettingsHistoryView, GeneralSettingsView } from '../../../../application/settings/general/general-settings-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, uuid } from '../schemas.js';

const tag = 'settings';
const Opt = Type.Optional;
const NText = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
const params = Type.Object({ id: uuid, page: StringEnum(GENERAL_SETTINGS_PAGES) }, { additionalProperties: false });

/** Every setting of both pages, optional; a member of the other page is refused at its field (GENERAL_SETTING_UNKNOWN). Texts bounded at twice the rule. */
const GeneralSettingsPatch = Type.Object(
  {
    eula: Opt(NText(10_000)),
    serviceTerms: Opt(NText(10_000)),
    faqAndContact: Opt(NText(10_000)),
    serviceTermsFileId: Opt(NText(36)),
    faqFileId: Opt(NText(36)),
    cookiesPolicyFileId: Opt(NText(36)),
    personalDataFileId: Opt(NText(36)),
    buybackZeroDescription: Opt(NText(10_000)),
    noSearchResultDescription: Opt(NText(10_000)),
    currency: Opt(StringEnum(CURRENCIES)),
    language: Opt(StringEnum(LOCALES)),
    customerIdCollectionEnabled: Opt(Type.Boolean()),
    barCodeEnabled: Opt(Type.Boolean()),
    tagPriceEnabled: Opt(Type.Boolean()),
    categoryNavigationEnabled: Opt(Type.Boolean()),
    externalWebsiteLink: Opt(Type.Union([Type.Object({ url: Opt(Text(4096)), text: Opt(Text(510)) }, { additionalProperties: false }), Type.Null()])),
    storeLocatorMapEnabled: Opt(Type.Boolean()),
    cookiesPolicy: Opt(NText(10_000)),
    accessibilityStatement: Opt(NText(10_000)),
    cartMinValueInCents: Opt(Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'A whole number of the currency, in cents (CART_MIN_VALUE_NOT_WHOLE otherwise).' })),
    customerIdentityDocumentRequired: Opt(Type.Boolean()),
    packingInstructions: Opt(NText(10_000)),
    warehouseCheckinRequirement: Opt(StringEnum(['disabled', 'optional', 'mandatory'] as const)),
    isWarehouseCommentMandatory: Opt(Type.Boolean()),
    isWarehouseCommentSharedToClient: Opt(Type.Boolean()),
    reason: Opt(NText(255)),
  },
  { additionalProperties: false },
);

export function generalSettingsRoutes(ports: GeneralSettingsPorts): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/general-settings/{page}',
      operationId: 'getGeneralSettings',
      summary:
        'A general-settings page of an account: tim (the store or brand module: PDFs, texts, currency, language, customer ID, transfer order, category navigation, back-to-website link, store locator map, cart minimum, identity document) for a retailer, lcm (the buyer and workshop modules: packing instructions, check-in, warehouse comment) for a buyer and workshop supervisor. Its ETag for If-Match: the revision of the last change of one of the page’s settings (the account’s other settings leave it as it is)',
      tag,
      access: { kind: 'authenticated', permission: 'settings.manage' },
      params,
      response: { status: 200, description: 'The page', schema: GeneralSettingsView },
      otherResponses: { 403: 'The page is not this account’s (GENERAL_SETTINGS_NOT_APPLICABLE)', 404: 'No such account, or another’s (ACCOUNT_NOT_FOUND)' },
      async handler({ principal, params: { id, page } }) {
        const view = await getGeneralSettings(ports.documents, ports.eventStore, principal, id, page);
        return { body: view, headers: { ETag: etagOf(view.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/general-settings/{id}/{page}',
      operationId: 'updateGeneralSettings',
      summary:
        'Changes a general-settings page by a JSON merge-patch (sent as application/json): what the body names replaces, null empties a text, a file or the back-to-website link. Each invalid field is named in GENERAL_SETTINGS_INVALID’s details.fields (GENERAL_SETTING_UNKNOWN for another page’s member, GENERAL_SETTING_NEEDS_WHITE_LABEL without a white-label site). A PDF must be the account’s settings file of kind pdf. If-Match: another change of the page’s settings since answers 412; a change of the account’s other settings does not',
      tag,
      access: { kind: 'authenticated', permission: changeGeneralSettings.permission as string },
      params,
      body: GeneralSettingsPatch,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        403: 'The page is not this account’s (GENERAL_SETTINGS_NOT_APPLICABLE)',
        404: 'No such account, or another’s (ACCOUNT_NOT_FOUND); a PDF that is not the account’s (SETTINGS_FILE_NOT_FOUND)',
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A field breaks the rules (GENERAL_SETTINGS_INVALID); a file that is not a PDF (SETTINGS_FILE_KIND_MISMATCH)',
      },
      async handler(context) {
        const { reason, ...patch } = context.body;
        const outcome = await changeGeneralSettings.run(ports, commandContext(context), { accountId: context.params.id, page: context.params.page, patch, reason: reason ?? null });
        return commandResult(outcome);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/general-settings/{page}/history',
      operationId: 'getGeneralSettingsHistory',
      summary: 'Every change of a general-settings page’s settings, oldest first: who, when, the new values, why (read from the account stream)',
      tag,
      access: { kind: 'authenticated', permission: 'settings.manage' },
      params,
      response: { status: 200, description: 'The history', schema: GeneralSettingsHistoryView },
      otherResponses: { 403: 'The page is not this account’s (GENERAL_SETTINGS_NOT_APPLICABLE)', 404: 'No such account, or another’s (ACCOUNT_NOT_FOUND)' },
      async handler({ principal, params: { id, page } }) {
        return { body: { items: await generalSettingsHistory(ports, principal, id, page) } };
      },
    }),
  ];
}
