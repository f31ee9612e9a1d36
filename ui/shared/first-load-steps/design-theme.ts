// The design system's theme (Chakra's tokens, recipes and anatomies), in a file of its own (ui/build/first-load-steps.ts):
// the storefront's start imports this module to run that file in a task of its own.
export { defaultBaseConfig } from '@chakra-ui/react';
export { tokens } from '@chakra-ui/react/theme';
