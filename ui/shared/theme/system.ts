import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxCardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  switchSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  progressSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { DEFAULT_BRAND_COLOR } from './brand-color';

/**
 * Chakra UI's theme with only the recipes of the components the two apps use
 * (its full theme is about 200 kB of recipes, parsed on every first load).
 * A component added to the apps needs its recipe listed here, or it renders
 * unstyled; ui/shared/theme/system.test.ts checks the list against the imports.
 */
export const USED_RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
  icon: iconRecipe,
  checkmark: checkmarkRecipe,
  radiomark: radiomarkRecipe,
};
export const USED_SLOT_RECIPES = {
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  checkboxCard: checkboxCardSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioCard: radioCardSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // People who ask their system for less motion get none: dialogs, menus and toasts appear at once (the browser tests ask too).
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    keyframes,
    tokens,
    semanticTokens,
    recipes: USED_RECIPES,
    slotRecipes: USED_SLOT_RECIPES,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * The design system. The tenant's main colour is not known at build time, so
 * the "brand" palette points at CSS variables that `applyBranding` sets once
 * the configuration has loaded (green until then, or when the tenant has no
 * colour); shades are mixed from it by the browser.
 */
const BRAND_COLOR = `var(--brand-color, ${DEFAULT_BRAND_COLOR})`;
const mixed = (percent: number, other: 'white' | 'black') => ({ value: `color-mix(in srgb, ${BRAND_COLOR} ${percent}%, ${other})` });
/** The design's secondary colour (links, secondary buttons); the main colour when it has none. */
const SECONDARY_COLOR = `var(--brand-secondary-color, ${BRAND_COLOR})`;
const secondaryMixed = (percent: number, other: 'white' | 'black') => `color-mix(in srgb, ${SECONDARY_COLOR} ${percent}%, ${other})`;

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: mixed(8, 'white'),
          100: mixed(16, 'white'),
          200: mixed(32, 'white'),
          300: mixed(50, 'white'),
          400: mixed(75, 'white'),
          500: { value: BRAND_COLOR },
          600: mixed(85, 'black'),
          700: mixed(70, 'black'),
          800: mixed(55, 'black'),
          900: mixed(40, 'black'),
          950: mixed(25, 'black'),
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's red.500 error text has a 3.8:1 contrast on white: below WCAG AA for small text (axe: color-contrast).
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        brand: {
          // The darker shade keeps white text readable (WCAG AA) on most brand colours.
          // A design's colour checked to WCAG AA with its text is drawn as is (branding.ts sets --brand-solid).
          solid: { value: `var(--brand-solid, ${mixed(70, 'black').value})` },
          contrast: { value: 'var(--brand-contrast, white)' },
          fg: { value: '{colors.brand.800}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        secondary: {
          solid: { value: `var(--brand-secondary-solid, var(--brand-solid, ${secondaryMixed(70, 'black')}))` },
          contrast: { value: 'var(--brand-secondary-contrast, var(--brand-contrast, white))' },
          fg: { value: secondaryMixed(55, 'black') },
          muted: { value: secondaryMixed(16, 'white') },
          subtle: { value: secondaryMixed(8, 'white') },
          emphasized: { value: secondaryMixed(32, 'white') },
          focusRing: { value: SECONDARY_COLOR },
        },
      },
    },
    // The specification's breakpoints: mobile below 767.98 px, tablet to 991 px.
    breakpoints: { sm: '480px', md: '768px', lg: '992px', xl: '1280px', '2xl': '1536px' },
  },
  globalCss: {
    html: { colorPalette: 'brand' },
  },
});

/**
 * Chakra's solid button lightens on hover (its colour at 90 % over the page): a design colour drawn as chosen, just
 * above WCAG AA with its text, would fall below it under the pointer (axe saw it on a button left hovered after a
 * click). The hover keeps the colour; the pointer and the focus ring say the rest.
 */
const brandSafeButtons = defineConfig({
  theme: { recipes: { button: { variants: { variant: { solid: { _hover: { bg: 'colorPalette.solid' }, _expanded: { bg: 'colorPalette.solid' } } } } } } },
});

/**
 * Chakra's colour palettes that only the dashboard names (its statuses' colours): the storefront's system leaves
 * them out, and with them a fifth of the design tokens createSystem builds on every first load of a storefront page.
 * Its alerts and toasts need gray, red, orange, green and blue (their recipes' statuses), the premium badge purple; tests/ui/theme-recipes.test.ts
 * checks that no storefront or shared module names another.
 */
export const DASHBOARD_ONLY_PALETTES = ['yellow', 'teal', 'cyan', 'pink'] as const;

const withoutPalettes = <T extends Record<string, unknown>>(group: T | undefined): T | undefined =>
  group && (Object.fromEntries(Object.entries(group).filter(([name]) => !(DASHBOARD_ONLY_PALETTES as readonly string[]).includes(name))) as T);

const storefrontPalettes = defineConfig({
  theme: {
    tokens: { ...tokens, colors: withoutPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutPalettes(semanticTokens.colors) },
  },
});

export type DesignSystem = ReturnType<typeof createSystem>;
export type DesignSystemApp = 'storefront' | 'dashboard';
const made = new Map<DesignSystemApp, DesignSystem>();

/** What createSystem merges into an app's system. */
function configsOf(app: DesignSystemApp): Parameters<typeof createSystem> {
  const theme = app === 'storefront' ? { ...chakraTheme, theme: { ...chakraTheme.theme, ...storefrontPalettes.theme } } : chakraTheme;
  return [defaultBaseConfig, theme, config, brandSafeButtons];
}

/**
 * The design system of an app, made on first use (createSystem is the costliest single step of the storefront's
 * start: the browsers' entries make it in steps beforehand, designSystemInSteps). The dashboard's has every
 * palette; the build's stylesheet (every token's CSS variable, both apps') is made from it.
 */
export function designSystem(app: DesignSystemApp = 'dashboard'): DesignSystem {
  let system = made.get(app);
  if (!system) {
    system = createSystem(...configsOf(app));
    made.set(app, system);
  }
  return system;
}

/** createSystem as the build rewrites it (ui/build/chakra-lazy-global.ts): a generator that pauses after each costly step. */
type SystemSteps = (...configs: Parameters<typeof createSystem>) => Generator<undefined, DesignSystem, undefined>;

/**
 * An app's design system made in steps (merging the configurations, the token dictionary, the utilities, the rest),
 * `between()` awaited after each: a browser's entry gives each its own task, the main thread free in between, where
 * createSystem made it in one long task (Lighthouse's blocking time on a phone). The build names the steps as
 * createSystem's property `steps`; without them (Node, the tests) it is made at once. Made once, as designSystem makes it.
 */
export async function designSystemInSteps(app: DesignSystemApp, between: () => Promise<void>): Promise<DesignSystem> {
  const steps = (createSystem as unknown as { steps?: SystemSteps }).steps;
  if (made.has(app) || !steps) return designSystem(app);
  const stepping = steps(...configsOf(app));
  for (;;) {
    const step = stepping.next();
    if (step.done) {
      if (!made.has(app)) made.set(app, step.value);
      return made.get(app) as DesignSystem;
    }
    await between();
  }
}
