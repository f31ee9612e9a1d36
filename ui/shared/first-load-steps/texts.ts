// The first load's texts engine (i18next), in a file of its own (ui/build/first-load-steps.ts): the storefront's start
// imports this module to run that file in a task of its own.
export { default as i18next } from 'i18next';
