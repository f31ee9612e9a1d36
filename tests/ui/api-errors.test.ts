import { describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/shared/api/client.js';
import { isMalformedAddress, isUnknownProduct } from '../../ui/storefront/lib/api-errors.js';

const validationFailed = (...fields: string[]) =>
  new ApiError(422, 'VALIDATION_FAILED', 'Certains champs sont incorrects.', { fields: fields.map((field) => ({ field, code: 'schema.format', message: '' })) });

describe('Given an API refusal on a page whose address names what it shows', () => {
  it('When the id of the address is not an id (VALIDATION_FAILED on the path parameter), then the address names nothing', () => {
    expect(isMalformedAddress(validationFailed('id'), ['id'])).toBe(true);
    expect(isMalformedAddress(validationFailed('id', 'token'), ['id', 'token'])).toBe(true);
    expect(isUnknownProduct(validationFailed('id'))).toBe(true);
  });

  it('When the product is unknown or unpublished, then the product is unknown', () => {
    expect(isUnknownProduct(new ApiError(404, 'PRODUCT_NOT_FOUND', ''))).toBe(true);
    expect(isUnknownProduct(new ApiError(422, 'PRODUCT_UNPUBLISHED', ''))).toBe(true);
  });

  it('Then a refusal of something else (another field, another code, a network failure) is not taken for an unknown address', () => {
    expect(isMalformedAddress(validationFailed('id', 'email'), ['id'])).toBe(false);
    expect(isMalformedAddress(validationFailed(), ['id'])).toBe(false);
    expect(isUnknownProduct(validationFailed('channel'))).toBe(false);
    expect(isUnknownProduct(new ApiError(500, 'INTERNAL_ERROR', ''))).toBe(false);
    expect(isUnknownProduct(new ApiError(0, 'NETWORK_ERROR', ''))).toBe(false);
    expect(isUnknownProduct(new Error('boom'))).toBe(false);
  });
});
