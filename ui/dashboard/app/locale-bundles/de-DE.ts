/** Every de-DE text of the dashboard in one file: one request per language instead of one per namespace (a hundred on the sign-in page otherwise). */
export default import.meta.glob(
  ['/dashboard/app/locales/de-DE.json', '/dashboard/features/*/locales/de-DE.json', '/shared/*/locales/de-DE.json', '@server/infrastructure/http/locales/de-DE.json', '@server/infrastructure/modules/*/locales/de-DE.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
