export * from './events.js';
export * from './state.js';
export * from './commands.js';
export * from './machine.js';
export { decide } from './decide.js';
