/** Every de-DE text of the storefront in one file: one request per language instead of one per namespace. */
export default import.meta.glob(
  ['/shared/*/locales/de-DE.json', '/storefront/app/locales/de-DE.json', '/storefront/features/*/locales/de-DE.json', '@server/infrastructure/http/locales/de-DE.json', '@server/infrastructure/modules/*/locales/de-DE.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
