/** Every en-GB text of the storefront in one file: one request per language instead of one per namespace. */
export default import.meta.glob(
  ['/shared/*/locales/en-GB.json', '/storefront/app/locales/en-GB.json', '/storefront/features/*/locales/en-GB.json', '@server/infrastructure/http/locales/en-GB.json', '@server/infrastructure/modules/*/locales/en-GB.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
