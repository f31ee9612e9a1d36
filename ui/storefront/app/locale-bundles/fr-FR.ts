/** Every fr-FR text of the storefront in one file: one request per language instead of one per namespace. */
export default import.meta.glob(
  ['/shared/*/locales/fr-FR.json', '/storefront/app/locales/fr-FR.json', '/storefront/features/*/locales/fr-FR.json', '@server/infrastructure/http/locales/fr-FR.json', '@server/infrastructure/modules/*/locales/fr-FR.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
