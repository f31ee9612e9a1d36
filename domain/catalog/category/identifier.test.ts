import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { categoryIdentifierDecider, categoryIdentifierKey } from './identifier.js';

const spec = deciderSpecification(categoryIdentifierDecider);
const reserve = (categoryId: string, heldElsewhere: string | null = null) =>
  ({ type: 'ReserveCategoryIdentifier', data: { accountId: 'acc', identifier: 'iphone', categoryId, heldElsewhere } }) as const;
const reserved = (categoryId: string) => ({ type: 'CategoryIdentifierReserved', data: { accountId: 'acc', identifier: 'iphone', categoryId } }) as const;
const release = (categoryId: string) => ({ type: 'ReleaseCategoryIdentifier', data: { accountId: 'acc', identifier: 'iphone', categoryId } }) as const;

describe("a category identifier's reservation", () => {
  it('has one holder: a second category is refused, the holder reserving again writes nothing', () => {
    spec.given().when(reserve('a')).then([reserved('a')]);
    spec.given(reserved('a')).when(reserve('b')).thenRefused('CATEGORY_IDENTIFIER_TAKEN', { identifier: 'iphone' });
    spec.given(reserved('a')).when(reserve('a')).then([]);
    spec.given().when(reserve('b', 'a')).thenRefused('CATEGORY_IDENTIFIER_TAKEN');
  });

  it('is freed by its holder only', () => {
    spec.given(reserved('a')).when(release('b')).then([]);
    const { state } = spec.given(reserved('a')).when(release('a')).then([{ type: 'CategoryIdentifierReleased', data: { accountId: 'acc', identifier: 'iphone', categoryId: 'a' } }]);
    expect(state.holder).toBeNull();
    spec.given(reserved('a'), { type: 'CategoryIdentifierReleased', data: { accountId: 'acc', identifier: 'iphone', categoryId: 'a' } }).when(reserve('b')).then([reserved('b')]);
  });

  it('is keyed per account and identifier', () => {
    expect(categoryIdentifierKey('acc', 'iphone')).toBe(categoryIdentifierKey('acc', ' IPHONE '));
    expect(categoryIdentifierKey('acc', 'iphone')).not.toBe(categoryIdentifierKey('other', 'iphone'));
  });
});
