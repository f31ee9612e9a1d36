import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from '../../ui/dashboard/hooks/list-params.js';
import { amountInCents, apiPaymentFilters, EMPTY_PAYMENT_FILTERS, paymentFilterProblems, paymentList } from '../../ui/dashboard/features/payments/list-params.js';

const PAYMENT = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('Given the payment search', () => {
  it('When the address names a code, statuses, a type, a provider and amounts, then the API is asked for them: amounts in cents, type and provider as arrays, the code without spaces', () => {
    const params = paramsFromSearch(
      paymentList,
      new URLSearchParams(`identificationNumber=2 123456 789012&status=payment_failed&status=bogus&type=voucher&provider=manual&amountFrom=10,5&amountTo=1 200&paymentId=${PAYMENT.toUpperCase()}`),
    );
    expect(params.filters).toMatchObject({ status: ['payment_failed'], type: 'voucher', provider: 'manual', amountFrom: '10,5' });
    expect(apiPaymentFilters(params.filters)).toEqual({
      identificationNumber: '2123456789012',
      paymentId: PAYMENT,
      customerName: undefined,
      status: ['payment_failed'],
      type: ['voucher'],
      provider: ['manual'],
      createdFrom: undefined,
      createdTo: undefined,
      amountFrom: 1050,
      amountTo: 120000,
    });
    // The unknown status is left out when written back.
    expect(searchFromParams(paymentList, params).getAll('status')).toEqual(['payment_failed']);
  });

  it('When a period is chosen, then the API gets its local days’ first and last instants in UTC', () => {
    const filters = apiPaymentFilters({ ...EMPTY_PAYMENT_FILTERS, from: '2026-03-01', to: '2026-03-31' });
    expect(new Date(filters.createdFrom as string).getTime()).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(new Date(filters.createdTo as string).getTime()).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).getTime());
  });

  it('When nothing is filtered, then the API is asked for nothing but paging, and the customer’s name is never remembered', () => {
    expect(Object.values(apiPaymentFilters(EMPTY_PAYMENT_FILTERS)).filter((value) => value !== undefined)).toEqual([]);
    expect(paymentList.filters.customerName.remember).toBe(false);
  });

  it('When the filters are not what the API accepts, then the filters bar says which', () => {
    expect(paymentFilterProblems({ ...EMPTY_PAYMENT_FILTERS, identificationNumber: '2-123', paymentId: 'abc', amountFrom: '12.345', amountTo: '' })).toMatchObject({
      identificationNumber: 'code',
      paymentId: 'paymentId',
      amountFrom: 'amount',
      amountTo: undefined,
    });
    expect(paymentFilterProblems({ ...EMPTY_PAYMENT_FILTERS, amountFrom: '50', amountTo: '10' })).toMatchObject({ amountTo: 'amountOrder' });
    expect(paymentFilterProblems({ ...EMPTY_PAYMENT_FILTERS, from: '2026-04-02', to: '2026-04-01' })).toMatchObject({ from: 'period' });
    expect(Object.values(paymentFilterProblems({ ...EMPTY_PAYMENT_FILTERS, identificationNumber: '2 123', paymentId: PAYMENT, amountFrom: '0', amountTo: '0,99' })).filter(Boolean)).toEqual([]);
  });

  it('When an amount is typed in euros, then it is read in cents, or refused', () => {
    expect([amountInCents('350'), amountInCents('350,5'), amountInCents('1 234,56'), amountInCents('0.01')]).toEqual([35000, 35050, 123456, 1]);
    expect([amountInCents(''), amountInCents('-3'), amountInCents('1,234'), amountInCents('abc')]).toEqual([null, null, null, null]);
  });
});
