/**
 * Appended to `customer-<subjectId>` when a customer is forgotten (their key
 * is deleted at the same time), so live read models drop the clear data they
 * hold. A rebuild reaches the same result because the key is gone.
 */
export interface CustomerForgotten {
  type: 'CustomerForgotten';
  data: { subjectId: string };
}
