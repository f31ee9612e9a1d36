// The design system's engine (Chakra's styled system, Emotion), in a file of its own (ui/build/first-load-steps.ts):
// the storefront's start imports this module to run that file in a task of its own.
export { createSystem } from '@chakra-ui/react';
