/** What the storefront's legal page route answers (TypeBox): the handler's return type, the OpenAPI schema, the type the storefront imports. */
import { Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

export const LEGAL_PAGES = ['terms-of-use', 'terms-of-service', 'faq'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export const LegalPageView = Type.Object(
  {
    page: StringEnum(LEGAL_PAGES),
    text: Nullable(Type.String({ description: 'The retailer’s text, plain (its line breaks are paragraphs); none: not written.' })),
    pdfUrl: Nullable(Type.String({ description: 'The PDF the general settings name for this page (a settings file); none for the terms of use.' })),
  },
  { title: 'LegalPage' },
);
export type LegalPageView = Static<typeof LegalPageView>;
