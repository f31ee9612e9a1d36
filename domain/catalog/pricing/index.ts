/** The pricing rules of the catalogue, as pure functions (issue 21, "Pricing with the premium features"). */
export * from './answer-impact.js';
export * from './customer-price.js';
export * from './premium-features.js';
