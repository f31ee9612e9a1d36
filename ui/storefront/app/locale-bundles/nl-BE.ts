/** Every nl-BE text of the storefront in one file: one request per language instead of one per namespace. */
export default import.meta.glob(
  ['/shared/*/locales/nl-BE.json', '/storefront/app/locales/nl-BE.json', '/storefront/features/*/locales/nl-BE.json', '@server/infrastructure/http/locales/nl-BE.json', '@server/infrastructure/modules/*/locales/nl-BE.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
