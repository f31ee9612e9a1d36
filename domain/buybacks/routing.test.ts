import { describe, expect, it } from 'vitest';
import { domainErrorOf } from '../shared/test-support.js';
import { buyerOf, destinationWarehouse, type RoutingCategory } from './routing.js';

const category = (categoryId: string, referentWarehouseIds: string[] = [], buyerId: string | null = null): RoutingCategory => ({
  categoryId,
  referentWarehouseIds,
  buyerId,
});

describe('Given a product whose category chain is known (root first)', () => {
  describe('destination warehouse', () => {
    it('when its own category names warehouses, then the first of them receives it', () => {
      const chain = [category('electronics', ['orleans']), category('smartphones', ['lyon', 'lille'])];
      expect(destinationWarehouse(chain)).toBe('lyon');
    });

    it('when only an ancestor names one, then the nearest ancestor decides', () => {
      const chain = [category('electronics', ['orleans']), category('smartphones', ['lens']), category('iphone')];
      expect(destinationWarehouse(chain)).toBe('lens');
    });

    it('when no category of the chain names one, then it is refused as a configuration error naming the product’s category', () => {
      const error = domainErrorOf(() => destinationWarehouse([category('electronics'), category('iphone')]));
      expect(error.code).toBe('BUYBACK_NO_WAREHOUSE_FOR_CATEGORY');
      expect(error.details).toEqual({ categoryId: 'iphone' });
    });

    it('when the chain is empty (the category was deleted), then it is refused without a category', () => {
      expect(domainErrorOf(() => destinationWarehouse([])).details).toEqual({ categoryId: null });
    });
  });

  describe('buyer', () => {
    it('when its own category names a buyer, then that buyer takes it', () => {
      expect(buyerOf([category('electronics', [], 'refurb-a'), category('smartphones', [], 'refurb-b')])).toBe('refurb-b');
    });

    it('when only the root names one, then the root’s buyer takes it', () => {
      expect(buyerOf([category('electronics', [], 'refurb-a'), category('smartphones'), category('iphone')])).toBe('refurb-a');
    });

    it('when no category names one, then the buyer is unreachable', () => {
      const error = domainErrorOf(() => buyerOf([category('electronics'), category('iphone')]));
      expect(error.code).toBe('BUYBACK_BUYER_UNREACHABLE');
      expect(error.details).toEqual({ categoryId: 'iphone' });
    });
  });
});
