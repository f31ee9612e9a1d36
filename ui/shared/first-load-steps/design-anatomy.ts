// The components' anatomies, in a file of their own (ui/build/first-load-steps.ts): the storefront's start imports this
// module to run that file in a task of its own.
export { checkboxAnatomy } from '@chakra-ui/react/anatomy';
