export * from './events.js';
export * from './state.js';
export * from './commands.js';
export * from './machine.js';
export { complianceCheckRefusal, decide, shortCodeOf } from './decide.js';
export * from './allowed-commands.js';
