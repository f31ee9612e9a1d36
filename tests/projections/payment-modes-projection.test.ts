import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../application/ports/event-store.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { paymentModesProjection } from '../../projections/catalog/projections.js';

/**
 * The payment modes' read model from their stored events: a v1 event, as
 * the catalogue wrote it before the payments part, is upcast (no long
 * description nor mail content, the embedded provider of its type, the
 * modifier in the payments part's shape); each v2 event is the whole
 * configuration, the document its latest with its first and last times.
 */

const ID = '0b7f6a39-7b9f-4d1e-9a59-0f6e1c1a0001';
const stored = (type: string, data: Record<string, unknown>, revision: number, occurredAt: string): StoredEvent => ({
  id: `e${revision}`,
  type,
  data,
  streamName: `payment_mode-${ID}`,
  streamRevision: revision,
  globalPosition: 100 + revision,
  metadata: { accountId: 'acc-1', organizationId: null, userId: null, correlationId: 'c', causationId: null, occurredAt },
});
const v1 = stored(
  'PaymentModeConfigured.v1',
  { paymentModeId: ID, paymentType: 'voucher', label: 'Bon', description: null, modifier: { type: 'fixed', value: 500, cappedAmountInCents: null }, status: 'enabled' },
  0,
  '2026-01-01T10:00:00.000Z',
);

describe('the payment modes’ read model', () => {
  it('given a v1 event, then it reads as a v2 configuration: no long description nor mail content, the manual provider, a 5 € bonus as an amount', () => {
    expect(toDomainEvent(v1).data).toEqual({
      paymentModeId: ID,
      paymentType: 'voucher',
      label: 'Bon',
      description: null,
      longDescription: null,
      mailContent: null,
      provider: 'manual',
      modifier: { kind: 'amount', amountInCents: 500 },
      status: 'enabled',
    });
    const transfer = stored('PaymentModeConfigured.v1', { ...v1.data, paymentType: 'bank_transfer', modifier: null }, 0, '2026-01-01T10:00:00.000Z');
    expect(toDomainEvent(transfer).data).toMatchObject({ provider: 'bank_transfer_file', modifier: { kind: 'disabled' } });
  });

  it('given a v1 then a v2 event, then the document is the latest configuration, created at the first, changed at the second, at revision 1', () => {
    const v2 = stored(
      'PaymentModeConfigured.v2',
      { ...toDomainEvent(v1).data, status: 'disabled', modifier: { kind: 'percentage', percent: -10, capInCents: null } },
      1,
      '2026-02-01T10:00:00.000Z',
    );
    const first = paymentModesProjection.evolve(null, v1, ID);
    const second = paymentModesProjection.evolve(first, v2, ID);
    expect(second).toMatchObject({
      _id: ID,
      accountId: 'acc-1',
      status: 'disabled',
      modifier: { kind: 'percentage', percent: -10, capInCents: null },
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-02-01T10:00:00.000Z',
      revision: 1,
    });
  });
});
