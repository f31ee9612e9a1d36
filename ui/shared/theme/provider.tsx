import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system';

/**
 * The system without its global styles: those ship as a stylesheet built from
 * this same system (ui/build/design-system-css.ts), which each app's entry
 * imports (`import 'virtual:design-system.css'`), so the first render does not
 * serialise and insert 50 kB of CSS.
 */
const systemWithoutGlobalStyles = { ...system, _global: [] };

/** Written by hand: the Chakra CLI snippets cannot be downloaded here. Light mode only for now. */
export function DesignSystemProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={systemWithoutGlobalStyles}>{children}</ChakraProvider>;
}
