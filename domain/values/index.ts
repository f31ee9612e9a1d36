export * from './customer-identity.js';
export * from './gtin.js';
export * from './iban.js';
export * from './identification-number.js';
export * from './imei.js';
export * from './text.js';
export * from './delivery-status.js';
