/** Every en-GB text of the dashboard in one file: one request per language instead of one per namespace (a hundred on the sign-in page otherwise). */
export default import.meta.glob(
  ['/dashboard/app/locales/en-GB.json', '/dashboard/features/*/locales/en-GB.json', '/shared/*/locales/en-GB.json', '@server/infrastructure/http/locales/en-GB.json', '@server/infrastructure/modules/*/locales/en-GB.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
