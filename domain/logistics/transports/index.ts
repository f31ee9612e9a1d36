export * from './events.js';
export * from './transport.js';
