/**
 * An external id's reservation within its account: one stream per account
 * and external id (its name derived from both), appended in the same atomic
 * append as the organization that takes or gives it up, each at the revision
 * read. Of two organizations racing for one external id exactly one is
 * written; the other decides again and is refused ENTITY_EXTERNAL_ID_TAKEN.
 */
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

export const externalIdDecider: Decider<ExternalIdState, ExternalIdCommand, ExternalIdEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'OrganizationExternalIdReserved':
        return { holder: event.data.organizationId };
      case 'OrganizationExternalIdReleased':
        return state.holder === event.data.organizationId ? { holder: null } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveExternalId': {
        const { heldElsewhere, ...data } = command.data;
        if (state.holder === data.organizationId) return [];
        const other = state.holder ?? (heldElsewhere !== data.organizationId ? heldElsewhere : null);
        if (other !== null) throw new DomainError('ENTITY_EXTERNAL_ID_TAKEN', { externalId: data.externalId });
        return [{ type: 'OrganizationExternalIdReserved', data }];
      }
      case 'ReleaseExternalId':
        return state.holder === command.data.organizationId ? [{ type: 'OrganizationExternalIdReleased', data: command.data }] : [];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
