/** Every nl-BE text of the dashboard in one file: one request per language instead of one per namespace (a hundred on the sign-in page otherwise). */
export default import.meta.glob(
  ['/dashboard/app/locales/nl-BE.json', '/dashboard/features/*/locales/nl-BE.json', '/shared/*/locales/nl-BE.json', '@server/infrastructure/http/locales/nl-BE.json', '@server/infrastructure/modules/*/locales/nl-BE.json'],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
