export * from './events.js';
export * from './state.js';
export * from './commands.js';
export * from './absorption.js';
export * from './machine.js';
export { decide, initialPaymentStatus, isPaymentCancellable } from './decide.js';
export * from './allowed-commands.js';
export * from './routing.js';
export * from './edition.js';
