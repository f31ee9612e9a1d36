import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { categoriesProjection } from '../../projections/catalog/projections.js';

/**
 * The categories' read model from their stored events: a v1 or v2 creation
 * (before the default dimensions, picture, children description and
 * translations) is upcast with them null; a change applies only the fields
 * it names, an archive keeps the document, a delete drops it; the revision
 * follows the stream.
 */

const ID = '0b7f6a39-7b9f-4d1e-9a59-0f6e1c1a0002';
const stored = (type: string, data: Record<string, unknown>, revision: number): StoredEvent => ({
  id: `e${revision}`,
  type,
  data,
  streamName: `category-${ID}`,
  streamRevision: revision,
  globalPosition: 100 + revision,
  metadata: { accountId: 'acc-1', organizationId: null, userId: 'u-1', correlationId: 'c', causationId: null, occurredAt: `2026-01-0${revision + 1}T10:00:00.000Z` },
});
const v1 = stored(
  'CategoryCreated.v1',
  {
    categoryId: ID,
    parentId: null,
    label: 'Téléphonie',
    identifier: 'telephonie',
    description: null,
    buyerId: 'buyer-1',
    referentWarehouseIds: [],
    circuitIds: ['c-1'],
    absorption: { type: 'none', value: 0, maxAbsorbedAmountInCents: null },
  },
  0,
);

describe('the categories’ read model', () => {
  it('reads a v1 creation as v3: no default weight, dimensions, picture, children description, instruction nor translations', () => {
    expect(toDomainEvent(v1).data).toEqual({
      ...v1.data,
      defaultWeightGrams: null,
      defaultHeightCm: null,
      defaultLengthCm: null,
      defaultWidthCm: null,
      image: null,
      childrenDescription: null,
      highlightedInstruction: null,
      translations: null,
    });
  });

  it('applies a change field by field, keeps an archived category, drops a deleted one', () => {
    const created = categoriesProjection.evolve(null, v1, ID);
    expect(created).toMatchObject({ _id: ID, accountId: 'acc-1', status: 'active', revision: 0, createdAt: '2026-01-01T10:00:00.000Z' });
    const changed = categoriesProjection.evolve(created, stored('CategoryChanged.v1', { categoryId: ID, changes: { description: 'Mobiles', translations: { 'en-GB': { label: 'Phones' } } } }, 1), ID);
    expect(changed).toMatchObject({ label: 'Téléphonie', description: 'Mobiles', translations: { 'en-GB': { label: 'Phones' } }, revision: 1, updatedAt: '2026-01-02T10:00:00.000Z' });
    const linked = categoriesProjection.evolve(changed, stored('CategoryCircuitLinked.v1', { categoryId: ID, circuitId: 'c-2' }, 2), ID);
    expect(linked?.circuitIds).toEqual(['c-1', 'c-2']);
    const archived = categoriesProjection.evolve(linked, stored('CategoryArchived.v1', { categoryId: ID, reason: null }, 3), ID);
    expect(archived).toMatchObject({ status: 'archived', archivedAt: '2026-01-04T10:00:00.000Z', revision: 3 });
    expect(categoriesProjection.evolve(archived, stored('CategoryDeleted.v1', { categoryId: ID, identifier: 'telephonie' }, 4), ID)).toBeNull();
  });
});
