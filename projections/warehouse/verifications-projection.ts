import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import type { CodesVerified } from '../../domain/warehouse/verification.js';
import { WAREHOUSE_COLLECTIONS, type VerificationDocument } from '../../application/warehouse/read-models.js';
import { WAREHOUSE_STREAMS } from '../../application/warehouse/streams.js';

/** The verifications of lists of codes, one document each, newest first per warehouse. */
export const verificationsProjection: Projection<VerificationDocument> = {
  name: 'warehouse-verifications',
  collection: WAREHOUSE_COLLECTIONS.verifications,
  indexes: [{ name: 'by_account_warehouse_created', fields: [['accountId', 1], ['warehouseId', 1], ['createdAt', -1]] }],
  eventTypes: ['CodesVerified'],
  targets: (event) => [WAREHOUSE_STREAMS.verification.idOf(event.streamName)],
  evolve(_document, stored, id) {
    const { data } = toDomainEvent<CodesVerified>(stored);
    const { verificationId: _id, ...report } = data;
    return { _id: id, accountId: stored.metadata.accountId, createdBy: stored.metadata.userId, ...report };
  },
};
