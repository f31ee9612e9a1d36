/**
 * The fr-FR texts of the storefront's first load: the shared namespaces, the
 * app's, and the features of the pages a visitor lands on (the catalogue, the
 * tunnel, the consent banner). The other features' texts and the API's come
 * with the page that needs them (fr-FR-on-demand.ts). French is the default
 * language: these ship with the start-up (start-up.ts).
 */
export default import.meta.glob(['/shared/*/locales/fr-FR.json', '/storefront/app/locales/fr-FR.json', '/storefront/features/{catalog,consent,tunnel}/locales/fr-FR.json'], {
  eager: true,
  import: 'default',
  query: '?bundled-texts',
});
