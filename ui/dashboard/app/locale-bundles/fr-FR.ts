/** Every fr-FR text of the dashboard in one file: one request per language instead of one per namespace (a hundred on the sign-in page otherwise). */
export default import.meta.glob(
  ['/dashboard/app/locales/fr-FR.json', '/dashboard/features/*/locales/fr-FR.json', '/shared/*/locales/fr-FR.json', '@server/infrastructure/http/locales/fr-FR.json', '@server/infrastructure/modules/*/locales/fr-FR.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
