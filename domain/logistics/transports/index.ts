export * from './events.js';
export * from './transport.js';
export * from './delivery-order.js';
