/**
 * An external id's reservation within its account: one stream per account
 * and external id (its name derived from both), appended in the same atomic
 * append as the organization that takes or gives it up, each at the revision
 * read. Of two organizations racing for one external id exactly one is
 * written; the other decides again and is refused ENTITY_EXTERNAL_ID_TAKEN.
 */
import { reservationDecider } from '../../shared/reservation.js';
import type { Decider } from '../../shared/decider.js';
import { derivedId } from '../../shared/derived-id.js';
import { DomainError } from '../../shared/domain-error.js';

export interface OrganizationExternalIdReserved {
  type: 'OrganizationExternalIdReserved';
  data: { accountId: string; externalId: string; organizationId: string };
}

export interface OrganizationExternalIdReleased {
  type: 'OrganizationExternalIdReleased';
  data: { accountId: string; externalId: string; organizationId: string };
}

export type ExternalIdEvent = OrganizationExternalIdReserved | OrganizationExternalIdReleased;

export interface ReserveExternalId {
  type: 'ReserveExternalId';
  data: {
    accountId: string;
    externalId: string;
    organizationId: string;
    /**
     * Another organization of the account the read model shows with this
     * external id (one registered before reservations existed), or null.
     */
    heldElsewhere: string | null;
  };
}

export interface ReleaseExternalId {
  type: 'ReleaseExternalId';
  data: { accountId: string; externalId: string; organizationId: string };
}

export type ExternalIdCommand = ReserveExternalId | ReleaseExternalId;

/** Who holds the external id now (null: free). */
export interface ExternalIdState {
  holder: string | null;
}

/** External ids compare without case nor surrounding spaces: "ST-01" and "st-01 " are one id. */
export function externalIdKey(accountId: string, externalId: string): string {
  return derivedId(`organization-external-id:${accountId}:${externalId.trim().toLowerCase()}`);
}

export const externalIdDecider: Decider<ExternalIdState, ExternalIdCommand, ExternalIdEvent> = reservationDecider<ExternalIdCommand, ExternalIdEvent>({
  reserve: 'ReserveExternalId',
  reserved: 'OrganizationExternalIdReserved',
  released: 'OrganizationExternalIdReleased',
  taken: (data) => new DomainError('ENTITY_EXTERNAL_ID_TAKEN', { externalId: data.externalId }),
});
