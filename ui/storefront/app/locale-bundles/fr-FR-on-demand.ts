/**
 * The fr-FR texts that are not in the first load (fr-FR.ts): every other
 * feature's, and the API's (namespace "api": its error messages, which a
 * screen shows only after an answer or a check, ui/shared/components/api-text.tsx).
 * One file, fetched the first time a page needs one of its namespaces
 * (lib/lazy-page.ts).
 */
export default import.meta.glob(
  [
    '/storefront/features/*/locales/fr-FR.json',
    '!/storefront/features/{catalog,consent,tunnel}/locales/fr-FR.json',
    '@server/infrastructure/http/locales/fr-FR.json',
    '@server/infrastructure/modules/*/locales/fr-FR.json',
  ],
  { eager: true, import: 'default', query: '?bundled-texts' },
);
