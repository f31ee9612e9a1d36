export * from './state.js';
export * from './events.js';
export * from './commands.js';
export * from './modifier.js';
export * from './voucher-code.js';
export * from './machine.js';
export * from './allowed-commands.js';
export { decide, PAYMENT_TEXT_MAX, PAYMENT_REASON_CODE_MAX } from './decide.js';
