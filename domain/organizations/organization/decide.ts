/**
 * The organization's decisions: its registration and its changes, each
 * checked against the rules of specification 002 §5 (the parent's type, no
 * cycle, type, module and buyer fixed after creation, the fields' bounds).
 * The external id's uniqueness is the reservation's (external-id.ts),
 * decided in the same append.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { ModuleType, OrganizationChanged, OrganizationChanges, OrganizationRegistered, OrganizationType } from '../events.js';
import {
  evolveOrganization,
  initialOrganizationState,
  MODULE_OF_TYPE,
  type OrganizationFields,
  type OrganizationState,
} from './organization.js';
import { checkBuyer, checkParent, checkShowCart, normalizeFields, refuseProblems, type FieldProblem, type OrganizationFacts } from './validate.js';

export interface RegisterOrganization {
  type: 'RegisterOrganization';
  data: {
    organizationId: string;
    accountId: string;
    organizationType: OrganizationType;
    fields: OrganizationFields;
    /** The parent as the application found it in the same account; null when none was named. */
    parent: OrganizationFacts | null;
    buyer: OrganizationFacts | null;
  };
}

/** What a merge-patch names; the fields fixed at creation may be sent, but only with their current value. */
export type OrganizationChangeRequest = Partial<OrganizationFields> & {
  parentOrganizationId?: string | null;
  type?: OrganizationType;
  moduleType?: ModuleType;
  buyerId?: string | null;
};

export interface ChangeOrganization {
  type: 'ChangeOrganization';
  data: {
    organizationId: string;
    changes: OrganizationChangeRequest;
    /** The new parent's facts, when `changes` names a parent (null: none). */
    parent?: OrganizationFacts | null;
    reason: string | null;
  };
}

export type OrganizationCommand = RegisterOrganization | ChangeOrganization;
export type OrganizationAggregateEvent = OrganizationRegistered | OrganizationChanged;

const FIELD_NAMES = [
  'commonName',
  'corporateName',
  'street',
  'streetComplement',
  'zipCode',
  'city',
  'country',
  'externalId',
  'email',
  'status',
  'latitude',
  'longitude',
  'manualGeocoding',
  'stock',
  'showCart',
  'openingHours',
] as const satisfies ReadonlyArray<keyof OrganizationFields>;

export function decideOrganization(command: OrganizationCommand, state: OrganizationState): OrganizationAggregateEvent[] {
  switch (command.type) {
    case 'RegisterOrganization':
      return register(command.data, state);
    case 'ChangeOrganization':
      return change(command.data, state);
    default: {
      const never: never = command;
      return never;
    }
  }
}

function register(data: RegisterOrganization['data'], state: OrganizationState): OrganizationAggregateEvent[] {
  if (state.organization) throw new DomainError('ENTITY_ALREADY_EXISTS', { organizationId: data.organizationId });
  const problems: FieldProblem[] = [];
  const fields = normalizeFields(data.fields, problems);
  checkParent(problems, data.organizationId, data.organizationType, data.parent);
  checkBuyer(problems, data.organizationType, data.buyer);
  checkShowCart(problems, data.organizationType, data.fields.showCart);
  refuseProblems(problems);
  return [
    {
      type: 'OrganizationRegistered',
      data: {
        organizationId: data.organizationId,
        accountId: data.accountId,
        type: data.organizationType,
        moduleType: MODULE_OF_TYPE[data.organizationType],
        parentOrganizationId: data.parent?.id ?? null,
        buyerId: data.buyer?.id ?? null,
        siret: null,
        capitalInCents: null,
        ...fields,
      },
    },
  ];
}

function change(data: ChangeOrganization['data'], state: OrganizationState): OrganizationAggregateEvent[] {
  const current = state.organization;
  if (!current) throw new DomainError('ENTITY_NOT_FOUND', { organizationId: data.organizationId });
  const { parentOrganizationId, type, moduleType, buyerId, ...fieldChanges } = data.changes;
  if (type !== undefined && type !== current.type) throw new DomainError('ENTITY_TYPE_FIXED', { type: current.type });
  if (moduleType !== undefined && moduleType !== current.moduleType) throw new DomainError('ENTITY_MODULE_FIXED', { moduleType: current.moduleType });
  if (buyerId !== undefined && buyerId !== current.buyerId) throw new DomainError('ENTITY_BUYER_FIXED', { buyerId: current.buyerId });

  const problems: FieldProblem[] = [];
  const merged: OrganizationFields = { ...pickFields(current), ...definedOnly(fieldChanges) };
  const fields = normalizeFields(merged, problems);
  const parentChanged = parentOrganizationId !== undefined && parentOrganizationId !== current.parentOrganizationId;
  if (parentChanged) checkParent(problems, current.organizationId, current.type, data.parent ?? null);
  checkShowCart(problems, current.type, fieldChanges.showCart);
  refuseProblems(problems);

  const changes: OrganizationChanges = {};
  const target = changes as Record<string, unknown>;
  const before = current as unknown as Record<string, unknown>;
  for (const name of FIELD_NAMES) if (!same(fields[name], before[name])) target[name] = fields[name];
  if (parentChanged) changes.parentOrganizationId = parentOrganizationId;
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'OrganizationChanged', data: { organizationId: current.organizationId, accountId: current.accountId, changes, reason: data.reason } }];
}

/** A field's two values are the same: by value (the opening hours are an object), a field an older event lacks as null. */
function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function pickFields(organization: OrganizationRegistered['data']): OrganizationFields {
  const picked: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) picked[name] = organization[name];
  return picked as OrganizationFields;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationAggregateEvent> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
