import type { Client } from './types';

/** The client form's values, every tab's (texts as typed; the capital in euros). */
export interface ClientFormValues {
  commonName: string;
  corporateName: string;
  siret: string;
  capital: string;
  status: 'active' | 'inactive';
  street: string;
  streetComplement: string;
  zipCode: string;
  city: string;
  country: string;
  language: Client['language'];
  currency: Client['currency'];
  modules: string[];
  webChannelUrl: string;
  whiteLabelEnabled: boolean;
  tagManagerId: string;
  axeptioId: string;
  externalLinkUrl: string;
  externalLinkText: string;
  dropOffLocationsMapEnabled: boolean;
  cookiesPolicy: string;
  accessibilityStatement: string;
  activeCircuits: string[];
  paymentModes: string[];
  shippingTypes: string[];
  carrierAccountNumber: string;
  premiumFeatures: string[];
}

export type ClientFormField = keyof ClientFormValues;

export const NEW_CLIENT: ClientFormValues = {
  commonName: '',
  corporateName: '',
  siret: '',
  capital: '',
  status: 'active',
  street: '',
  streetComplement: '',
  zipCode: '',
  city: '',
  country: 'FR',
  language: 'fr-FR',
  currency: 'EUR',
  modules: ['root'],
  webChannelUrl: '',
  whiteLabelEnabled: false,
  tagManagerId: '',
  axeptioId: '',
  externalLinkUrl: '',
  externalLinkText: '',
  dropOffLocationsMapEnabled: false,
  cookiesPolicy: '',
  accessibilityStatement: '',
  activeCircuits: ['store_drop', 'web_drop', 'web_post'],
  paymentModes: ['bank_transfer', 'voucher'],
  shippingTypes: ['store_drop', 'postal'],
  carrierAccountNumber: '',
  premiumFeatures: [],
};

export function valuesOf(client: Client): ClientFormValues {
  const w = client.whiteLabel;
  return {
    commonName: client.commonName,
    corporateName: client.corporateName ?? '',
    siret: client.siret ?? '',
    capital: client.capitalInCents === null ? '' : (client.capitalInCents / 100).toFixed(2),
    status: client.status,
    street: client.address.street ?? '',
    streetComplement: client.address.streetComplement ?? '',
    zipCode: client.address.zipCode ?? '',
    city: client.address.city ?? '',
    country: client.country,
    language: client.language,
    currency: client.currency,
    modules: [...client.modules],
    webChannelUrl: client.webChannelUrl ?? '',
    whiteLabelEnabled: w !== null,
    tagManagerId: w?.tagManagerId ?? '',
    axeptioId: w?.axeptioId ?? '',
    externalLinkUrl: w?.externalWebsiteLink?.url ?? '',
    externalLinkText: w?.externalWebsiteLink?.text ?? '',
    dropOffLocationsMapEnabled: w?.dropOffLocationsMapEnabled ?? false,
    cookiesPolicy: w?.cookiesPolicy ?? '',
    accessibilityStatement: w?.accessibilityStatement ?? '',
    activeCircuits: [...client.activeCircuits],
    paymentModes: [...client.paymentModes],
    shippingTypes: [...client.transport.shippingTypes],
    carrierAccountNumber: client.transport.carrierAccountNumber ?? '',
    premiumFeatures: [...client.premiumFeatures],
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The capital typed in euros ("1 000,50") as cents; -1 (refused by the API at its field) when it is not an amount. */
export function capitalInCents(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return -1;
  return Math.round(Number(cleaned) * 100);
}

/** The API body (POST /clients, or PATCH /clients/{id}: a merge-patch naming every field of the form). */
export function bodyOf(values: ClientFormValues): Record<string, unknown> {
  return {
    commonName: values.commonName,
    corporateName: orNull(values.corporateName),
    siret: orNull(values.siret),
    capitalInCents: capitalInCents(values.capital),
    status: values.status,
    address: { street: orNull(values.street), streetComplement: orNull(values.streetComplement), zipCode: orNull(values.zipCode), city: orNull(values.city) },
    country: values.country,
    language: values.language,
    currency: values.currency,
    modules: values.modules,
    webChannelUrl: orNull(values.webChannelUrl),
    whiteLabel: values.whiteLabelEnabled
      ? {
          tagManagerId: orNull(values.tagManagerId),
          axeptioId: orNull(values.axeptioId),
          externalWebsiteLink: orNull(values.externalLinkUrl) ? { url: values.externalLinkUrl.trim(), text: values.externalLinkText } : null,
          dropOffLocationsMapEnabled: values.dropOffLocationsMapEnabled,
          cookiesPolicy: orNull(values.cookiesPolicy),
          accessibilityStatement: orNull(values.accessibilityStatement),
        }
      : null,
    activeCircuits: values.activeCircuits,
    paymentModes: values.paymentModes,
    transport: { shippingTypes: values.shippingTypes, carrierAccountNumber: orNull(values.carrierAccountNumber) },
    premiumFeatures: values.premiumFeatures,
  };
}

/** The form field an API field path is shown at (`address.city` → city). */
export function formFieldOf(path: string): ClientFormField | null {
  const map: Record<string, ClientFormField> = {
    commonName: 'commonName',
    corporateName: 'corporateName',
    siret: 'siret',
    capitalInCents: 'capital',
    'address.street': 'street',
    'address.streetComplement': 'streetComplement',
    'address.zipCode': 'zipCode',
    'address.city': 'city',
    country: 'country',
    modules: 'modules',
    webChannelUrl: 'webChannelUrl',
    'whiteLabel.tagManagerId': 'tagManagerId',
    'whiteLabel.axeptioId': 'axeptioId',
    'whiteLabel.externalWebsiteLink.url': 'externalLinkUrl',
    'whiteLabel.externalWebsiteLink.text': 'externalLinkText',
    'whiteLabel.cookiesPolicy': 'cookiesPolicy',
    'whiteLabel.accessibilityStatement': 'accessibilityStatement',
    'transport.carrierAccountNumber': 'carrierAccountNumber',
  };
  return map[path] ?? null;
}

/** Which tab shows a field. */
export function tabOf(field: ClientFormField): ClientTab {
  if (field === 'modules') return 'modules';
  if (['whiteLabelEnabled', 'tagManagerId', 'axeptioId', 'externalLinkUrl', 'externalLinkText', 'dropOffLocationsMapEnabled', 'cookiesPolicy', 'accessibilityStatement'].includes(field)) return 'whiteLabel';
  if (field === 'carrierAccountNumber' || field === 'shippingTypes') return 'transport';
  return 'general';
}

export const CLIENT_TABS = ['general', 'modules', 'circuits', 'whiteLabel', 'paymentModes', 'transport', 'premium'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];
