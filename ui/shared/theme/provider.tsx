import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system';

/** Written by hand: the Chakra CLI snippets cannot be downloaded here. Light mode only for now. */
export function DesignSystemProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
