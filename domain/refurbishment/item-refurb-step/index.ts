export * from './state.js';
export * from './commands.js';
export * from './machine.js';
export { decide, itemRefurbStepDecider } from './decide.js';
export * from './allowed-actions.js';
export * from './confirmation.js';
export * from './time-spent.js';
