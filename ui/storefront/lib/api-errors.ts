import { ApiError } from '../../shared/api/client.js';

/**
 * Whether the API refused the page's address itself: a value taken from the
 * link (a path parameter such as an id, or the link's token) that cannot be
 * one. The API checks their format before it looks anything up and answers
 * VALIDATION_FAILED ("some fields are incorrect"), which means nothing on a
 * page without a field.
 */
export function isMalformedAddress(error: unknown, parameters: readonly string[]): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'VALIDATION_FAILED' &&
    error.fields.length > 0 &&
    error.fields.every((problem) => parameters.includes(problem.field))
  );
}

const PRODUCT_GONE = ['PRODUCT_NOT_FOUND', 'PRODUCT_UNPUBLISHED'];

/** The product a page's address names is not there: unknown, unpublished, or the link's id is not an id at all. */
export function isUnknownProduct(error: unknown): boolean {
  return (error instanceof ApiError && PRODUCT_GONE.includes(error.code)) || isMalformedAddress(error, ['id']);
}

/** The cart a page's address names is not the visitor's to see: unknown, another retailer's or channel's (404 CART_NOT_FOUND), or not an id at all. */
export function isUnknownCart(error: unknown): boolean {
  return (error instanceof ApiError && (error.code === 'CART_NOT_FOUND' || error.status === 404)) || isMalformedAddress(error, ['cartId']);
}
