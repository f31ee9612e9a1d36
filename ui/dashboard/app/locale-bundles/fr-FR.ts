/**
 * The fr-FR texts of the dashboard's first load: what the public pages (the
 * sign-in, a password link, the SSO's return, not available) and the root
 * layout need: the app's, the shared "common" and "format", the sign-in's
 * and the SSO's. Every other namespace comes in fr-FR-on-demand.ts, which
 * the signed-in layout loads with its module (app/router.tsx). French is the
 * default language: these ship with the start-up (app/main.tsx).
 */
export default import.meta.glob(['/dashboard/app/locales/fr-FR.json', '/dashboard/features/{auth,sso}/locales/fr-FR.json', '/shared/{i18n,format}/locales/fr-FR.json'], {
  eager: true,
  import: 'default',
  query: '?bundled-texts',
});
