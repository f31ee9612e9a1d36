/**
 * The entities' commands: POST /organizations (a new entity of the caller's
 * tree) and PATCH /organizations/{id} (a merge-patch of its fields). Each is
 * decided by the organization aggregate on the facts read here (its parent's
 * type and ancestors, its buyer), and appended with its external id's
 * reservation (and the old one's release) in one atomic append, every
 * stream at the revision read: of two entities racing for one external id
 * exactly one is written, the other refused ENTITY_EXTERNAL_ID_TAKEN.
 */
import type { OrganizationType } from '../../../domain/organizations/events.js';
import { organizationDecider, type OrganizationChangeRequest, type OrganizationCommand } from '../../../domain/organizations/organization/decide.js';
import { externalIdDecider, externalIdKey } from '../../../domain/organizations/organization/external-id.js';
import type { CreatableType, OrganizationFields, OrganizationState } from '../../../domain/organizations/organization/organization.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { ENTITY_STREAMS } from './streams.js';
import { accountOf, buyerFactsOf, externalIdHolder, factsOf, visibleOrganization, type EntityPorts } from './entity-lookup.js';

export type OrganizationStatus = OrganizationFields['status'];
export type EntityOutcome = CommandOutcome<OrganizationStatus>;

export interface CreateOrganizationInput {
  type: CreatableType;
  parentOrganizationId: string | null;
  buyerId: string | null;
  fields: OrganizationFields;
}

export interface ChangeOrganizationInput {
  organizationId: string;
  changes: OrganizationChangeRequest;
  reason: string | null;
}

/** Its external id compared as the reservation keys it (trimmed, case aside); null when none. */
const keyOf = (externalId: string | null | undefined) => (externalId?.trim() ? externalId.trim().toLowerCase() : null);

/** A new entity of the caller's tree; with an Idempotency-Key its id derives from it (a retry answers the same entity). */
export const createOrganization = defineCommand<EntityPorts, CreateOrganizationInput, EntityOutcome>({
  name: 'CreateOrganization',
  permission: 'organization.manage',
  async run(deps, context, input) {
    const accountId = accountOf(context.principal);
    const organizationId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const [parent, buyer] = await Promise.all([factsOf(deps.documents, accountId, input.parentOrganizationId), buyerFactsOf(deps.documents, context.principal, accountId, input.buyerId)]);
    const command: OrganizationCommand = {
      type: 'RegisterOrganization',
      data: { organizationId, accountId, organizationType: input.type as OrganizationType, fields: input.fields, parent, buyer },
    };
    const decisions = [onStream(ORGANIZATION_STREAMS.organization.name(organizationId), organizationDecider, command)];
    const externalId = input.fields.externalId?.trim() ?? '';
    if (externalId) decisions.push(await reservation(deps, accountId, externalId, organizationId));
    return decide(deps, context, accountId, organizationId, decisions);
  },
});

/** Changes what the merge-patch names of an entity of the caller's tenant (what it leaves out stays; null empties a field). */
export const changeOrganization = defineCommand<EntityPorts, ChangeOrganizationInput, EntityOutcome>({
  name: 'ChangeOrganization',
  permission: 'organization.manage',
  async run(deps, context, { organizationId, changes, reason }) {
    const current = await visibleOrganization(deps.documents, context.principal, organizationId);
    const accountId = current.accountId;
    const parentNamed = changes.parentOrganizationId !== undefined && changes.parentOrganizationId !== current.parentOrganizationId;
    const parent = parentNamed ? await factsOf(deps.documents, accountId, changes.parentOrganizationId) : undefined;
    const command: OrganizationCommand = { type: 'ChangeOrganization', data: { organizationId, changes, reason, ...(parentNamed ? { parent } : {}) } };
    const decisions = [onStream(ORGANIZATION_STREAMS.organization.name(organizationId), organizationDecider, command)];
    if (changes.externalId !== undefined && keyOf(changes.externalId) !== keyOf(current.externalId)) {
      const next = changes.externalId?.trim() ?? '';
      if (next) decisions.push(await reservation(deps, accountId, next, organizationId));
      if (current.externalId?.trim()) {
        decisions.push(
          onStream(ENTITY_STREAMS.externalId.name(externalIdKey(accountId, current.externalId)), externalIdDecider, {
            type: 'ReleaseExternalId',
            data: { accountId, externalId: current.externalId.trim(), organizationId },
          }),
        );
      }
    }
    return decide(deps, context, accountId, organizationId, decisions);
  },
});

async function reservation(deps: EntityPorts, accountId: string, externalId: string, organizationId: string): Promise<StreamDecision> {
  const heldElsewhere = await externalIdHolder(deps.documents, accountId, externalId, organizationId);
  return onStream(ENTITY_STREAMS.externalId.name(externalIdKey(accountId, externalId)), externalIdDecider, {
    type: 'ReserveExternalId',
    data: { accountId, externalId, organizationId, heldElsewhere },
  });
}

async function decide(deps: EntityPorts, context: CommandContext, accountId: string, organizationId: string, decisions: StreamDecision[]): Promise<EntityOutcome> {
  const results = await handleTogether(deps.eventStore, decisions, {
    metadata: commandMetadata(deps, context, accountId, organizationId),
    newEventId: () => deps.ids.uuid(),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  });
  const [entity] = results;
  const state = entity?.state as OrganizationState | undefined;
  const positions = results.map((r) => r.position).filter((p): p is number => p !== null);
  return {
    id: organizationId,
    status: state?.organization?.status ?? 'active',
    revision: entity?.revision ?? -1,
    position: positions.length ? Math.max(...positions) : null,
  };
}
