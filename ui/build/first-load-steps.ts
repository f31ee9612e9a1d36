/**
 * The libraries of the first load cut into files that each run in a task of
 * their own (ui/storefront/app/main.ts). A browser runs a file's modules in
 * one task when the file is imported; the design system, its engine and
 * i18next in one file were the storefront's longest task (50 ms on a
 * throttled phone profile, Lighthouse's total blocking time). Each step is
 * a group of library modules and a small module of ours (`marker`, under
 * ui/shared/first-load-steps/) that the start imports to run that file
 * alone, after the files it imports (an earlier step's) have run.
 *
 * By priority (a module goes to the first that matches; a step's file
 * imports only the earlier steps' and React's): the texts engine; the design
 * system's engine; the components' anatomies; the theme. The theme holds
 * Chakra's `defineConfig` & co. (styled-system/config.js): with the recipes
 * in another file than those identity functions, Rolldown no longer knows
 * their calls are pure and keeps every recipe of the package (60 kB more).
 */
export const FIRST_LOAD_STEPS = [
  { name: 'first-load-texts', libraries: /\/node_modules\/i18next\//, marker: '/ui/shared/first-load-steps/texts.ts' },
  {
    name: 'first-load-design-engine',
    libraries: /\/node_modules\/(@emotion|stylis|@pandacss)\/|\/node_modules\/@chakra-ui\/react\/dist\/esm\/(styled-system\/(?!config\.js)|utils\/)/,
    marker: '/ui/shared/first-load-steps/design-engine.ts',
  },
  {
    // The components' anatomies (their parts' names and selectors), which the slot recipes are written with.
    name: 'first-load-design-anatomy',
    libraries: /\/node_modules\/@chakra-ui\/react\/dist\/esm\/anatomy\.js|\/node_modules\/@zag-js\/[^/]+\/dist\/[^/]*anatomy|\/node_modules\/@ark-ui\/react\/dist\/components\/[^/]+\/[^/]*anatomy/,
    marker: '/ui/shared/first-load-steps/design-anatomy.ts',
  },
  {
    name: 'first-load-design-theme',
    libraries: /\/node_modules\/@chakra-ui\/react\/dist\/esm\/(theme\/|preset|styled-system\/config\.js)/,
    marker: '/ui/shared/first-load-steps/design-theme.ts',
  },
];

/** Rolldown's `codeSplitting.groups` of the steps, from `priority` (the first step's) down. */
export function firstLoadSteps(priority: number) {
  return FIRST_LOAD_STEPS.map((step, index) => ({
    name: step.name,
    priority: priority - index,
    test: (id: string) => step.libraries.test(id) || id.endsWith(step.marker),
  }));
}
