import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { designSystem, type DesignSystem, type DesignSystemApp } from './system';

/**
 * The system without its global styles: those (and the CSS layers' order) ship as a stylesheet built from
 * this same system (ui/build/design-system-css.ts), which each app's entry
 * imports (`import 'virtual:design-system.css'`), so the first render does not
 * serialise and insert 50 kB of CSS.
 */
const withoutGlobalStyles = new Map<DesignSystemApp, DesignSystem>();
function systemWithoutGlobalStyles(app: DesignSystemApp): DesignSystem {
  let made = withoutGlobalStyles.get(app);
  if (!made) {
    const system = designSystem(app);
    made = Object.defineProperties(Object.create(Object.getPrototypeOf(system) as object), {
      // Descriptors, not values: `_global` is a getter that computes them (build/chakra-lazy-global.ts).
      ...Object.getOwnPropertyDescriptors(system),
      _global: { value: [], enumerable: true },
      // No <Global> for the CSS layers' order either: the stylesheet declares it (its layers come in that order). Emotion would otherwise
      // insert a <style> of one rule at the first render (a style recalculation of the whole page), or on a server-rendered
      // page move the server's own into place (the same). Only ChakraProvider reads the flag: the layers the system's
      // styles are written in were set when it was made.
      _config: { value: { ...system._config, disableLayers: true }, enumerable: true },
    }) as DesignSystem;
    withoutGlobalStyles.set(app, made);
  }
  return made;
}

/** Written by hand: the Chakra CLI snippets cannot be downloaded here. Light mode only for now. */
export function DesignSystemProvider({ app, children }: { app: DesignSystemApp; children: ReactNode }) {
  return <ChakraProvider value={systemWithoutGlobalStyles(app)}>{children}</ChakraProvider>;
}
