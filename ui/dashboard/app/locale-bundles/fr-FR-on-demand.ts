/**
 * The dashboard's fr-FR texts not in its first load (fr-FR.ts): every other
 * feature's, the other shared modules' and the API's. One file, which the
 * signed-in layout loads with its module (app/router.tsx): a signed-in
 * screen has all the texts, as before; the sign-in page does without them.
 */
export default import.meta.glob(
  [
    '/dashboard/features/*/locales/fr-FR.json',
    '!/dashboard/features/{auth,sso}/locales/fr-FR.json',
    '/shared/*/locales/fr-FR.json',
    '!/shared/{i18n,format}/locales/fr-FR.json',
    '@server/infrastructure/http/locales/fr-FR.json',
    '@server/infrastructure/modules/*/locales/fr-FR.json',
  ],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
