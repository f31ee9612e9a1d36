import { describe, expect, it } from 'vitest';
import type { ItemLookupView } from '../../application/warehouse/warehouse-views.js';
import { readItemCode } from '../../ui/dashboard/components/warehouse-item/read-item-code.js';
import { checkRefusal } from '../../ui/dashboard/features/warehouse-check/check-refusal.js';
import { findingsBody, firstUnanswered, initialFindings, withProduct } from '../../ui/dashboard/features/warehouse-check/findings.js';

type Item = ItemLookupView['item'];

const DECLARED = 'product-declared';
const lookup = (item: Partial<Item> = {}, checkInRequirement: ItemLookupView['checkInRequirement'] = 'optional') =>
  ({
    checkInRequirement,
    item: { status: 'item_registered_in_warehouse', allowedActions: ['RecordComplianceCheck'], check: null, product: { productId: DECLARED }, ...item } as Item,
    declaration: { grade: 'grade_a', imei: null, responses: [{ questionId: 'q1', answerIds: ['yes'] }, { questionId: 'q2', answerIds: ['box', 'cable'] }] },
  }) as Pick<ItemLookupView, 'item' | 'checkInRequirement' | 'declaration'>;

describe('Given a code typed or scanned at the warehouse', () => {
  it('Then the domain’s rule reads it: spaces dropped, an item code in capitals, and says what is wrong with a bad one', () => {
    expect(readItemCode(' 2 000000 000121 ')).toEqual({ code: '2000000000121' });
    expect(readItemCode('ab12cd34')).toEqual({ code: 'AB12CD34' });
    expect(readItemCode('')).toEqual({ problem: { code: 'ITEM_CODE_REQUIRED', details: {} } });
    expect(readItemCode('12345')).toMatchObject({ problem: { code: 'ITEM_CODE_LENGTH' } });
    expect(readItemCode('20000abc00001')).toMatchObject({ problem: { code: 'ITEM_CODE_INVALID' } });
    expect(readItemCode('2000000000128')).toMatchObject({ problem: { code: 'ITEM_CODE_NOT_RECOGNISED' } });
  });
});

describe('Given an item found by its code for its compliance check', () => {
  it('When the API says why its check cannot start, then the screen says it with the item’s status; else nothing stands in the way', () => {
    expect(checkRefusal({ ...lookup(), checkRefusal: null })).toBeNull();
    expect(checkRefusal({ ...lookup({ status: 'item_in_quarantine' }), checkRefusal: 'ITEM_CHECK_WRONG_STATUS' })).toEqual({
      code: 'ITEM_CHECK_WRONG_STATUS',
      status: 'item_in_quarantine',
    });
  });
});

describe('Given the findings of a check', () => {
  it('Then they start from the declared product and the customer’s answers, its IMEI unread', () => {
    expect(initialFindings(lookup())).toEqual({ productId: DECLARED, imei: '', acceptUnknownImei: false, serialNumber: '', answers: { q1: ['yes'], q2: ['box', 'cable'] } });
  });

  it('When another model is found, then its questions start unanswered, and going back to the declared one brings the customer’s answers back', () => {
    const start = { ...initialFindings(lookup()), imei: '356938035643809', acceptUnknownImei: true };
    const other = withProduct(start, 'product-other', lookup());
    expect(other).toMatchObject({ productId: 'product-other', answers: {}, acceptUnknownImei: false, imei: '356938035643809' });
    expect(withProduct(other, DECLARED, lookup()).answers).toEqual({ q1: ['yes'], q2: ['box', 'cable'] });
    expect(withProduct(start, DECLARED, lookup())).toBe(start);
  });

  it('Then the request carries the product’s questions in its order, an IMEI only when read (and continuing anyway only with one), a blank serial number as none', () => {
    const findings = { ...initialFindings(lookup()), serialNumber: '  ', acceptUnknownImei: true };
    expect(findingsBody(findings, ['q2', 'q1', 'q3'])).toEqual({
      productId: DECLARED,
      imei: null,
      serialNumber: null,
      responses: [
        { questionId: 'q2', answerIds: ['box', 'cable'] },
        { questionId: 'q1', answerIds: ['yes'] },
        { questionId: 'q3', answerIds: [] },
      ],
    });
    expect(findingsBody({ ...findings, imei: ' 356938035643809 ', serialNumber: 'SN-1' }, ['q1'])).toMatchObject({ imei: '356938035643809', acceptUnknownImei: true, serialNumber: 'SN-1' });
    expect(firstUnanswered(findings, ['q1', 'q3', 'q2'])).toBe('q3');
    expect(firstUnanswered(findings, ['q1', 'q2'])).toBeNull();
  });
});
