// .js: Node tests load this file.
import { CONNECTOR_LIMITS } from '@server/domain/connectors/catalogue.js';
import { propertyProblems } from '@server/domain/connectors/configuration/properties.js';
import type { ConfigurationProperty, Connector, ConnectorConfiguration, PropertyKind } from './types.js';

/** A configuration's name: unique per retailer (the API says so), 2 to 100 characters. */
export const CONFIGURATION_NAME = CONNECTOR_LIMITS.name;
/** A whole-number property's bounds (the timeout in milliseconds). */
export const INTEGER = CONNECTOR_LIMITS.timeoutMs;

/** One field of the form per property of the connector, with what the configuration says of it. */
export interface PropertyField {
  name: string;
  kind: PropertyKind;
  required: boolean;
  secret: boolean;
  /** A secret already stored: the field shows "set" and a "change" button, never the value. */
  set: boolean;
}

/** What the form edits, as typed. */
export interface ConfigurationFormValues {
  name: string;
  active: boolean;
  /** Each property's text; a secret's is empty until typed (its value is never sent back). */
  properties: Record<string, string>;
  /** The stored secrets being replaced ("change" clicked). */
  changing: Record<string, boolean>;
}

export type ConfigurationField = 'name' | 'active' | `properties.${string}`;
export const propertyField = (name: string): ConfigurationField => `properties.${name}`;

/** A problem found before sending, by the API's own rules: its field, the API's code (its text is `api:errors.<code>`) and what the text names. */
export interface FormProblem {
  field: ConfigurationField;
  code: string;
  params?: Record<string, unknown>;
}

export interface CreateConfigurationBody {
  organizationId: string;
  connectorId: string;
  name: string;
  active: boolean;
  properties: Array<{ name: string; value: string }>;
}

/**
 * PATCH (merge-patch): only what changed. `properties` lists only the
 * properties changed: a new value, `null` to remove an optional one; a secret
 * only when replaced (left out, it keeps its value).
 */
export interface ChangeConfigurationBody {
  name?: string;
  active?: boolean;
  properties?: Array<{ name: string; value: string | null }>;
}

/** The connector's properties, in its order, as the form's fields; a property the configuration no longer has is just empty. */
export function propertyFields(connector: Connector, configuration: ConnectorConfiguration | null): PropertyField[] {
  const stored = new Map<string, ConfigurationProperty>((configuration?.properties ?? []).map((property) => [property.name, property]));
  return connector.properties.map(({ name, kind, required }) => {
    const secret = kind === 'secret';
    return { name, kind, required, secret, set: secret && stored.get(name)?.set === true };
  });
}

/** The form as first shown: a new configuration is inactive (a second active carrier or provider would be refused), a stored one as it is. */
export function valuesOf(connector: Connector, configuration: ConnectorConfiguration | null): ConfigurationFormValues {
  const stored = new Map((configuration?.properties ?? []).map((property) => [property.name, property]));
  return {
    name: configuration?.name ?? '',
    active: configuration?.active ?? false,
    properties: Object.fromEntries(
      connector.properties.map(({ name, kind }) => [name, kind === 'secret' ? '' : (stored.get(name)?.value ?? '')]),
    ),
    changing: {},
  };
}

/** Whether the field takes a typed value: any field but a stored secret not being changed. */
export function isEditing(field: PropertyField, values: ConfigurationFormValues): boolean {
  return !field.set || values.changing[field.name] === true;
}

/** A property's typed value as sent: trimmed, except a secret's (a key may hold any character; blank is empty). */
function typedValue(field: PropertyField, values: ConfigurationFormValues): string {
  const raw = values.properties[field.name] ?? '';
  if (field.secret) return raw.trim() === '' ? '' : raw;
  return raw.trim();
}

/** The properties sent: each typed value; a stored secret only when it is being changed. */
function sentProperties(fields: readonly PropertyField[], values: ConfigurationFormValues): Array<{ name: string; value: string }> {
  return fields
    .filter((field) => isEditing(field, values))
    .map((field) => ({ name: field.name, value: typedValue(field, values) }))
    .filter((property) => property.value !== '');
}

/** What a stored secret left as it is stands for in the check: only its presence matters. */
const KEPT_SECRET = 'stored';

/**
 * The form checked by the API's own rules before it is sent (the name 2 to
 * 100 characters; the values the configuration would then hold: the
 * required ones set, a URL or a whole number within its bounds where the
 * kind says so; at least one), each problem at its field, in the form's order.
 */
export function checkValues(connector: Connector, configuration: ConnectorConfiguration | null, values: ConfigurationFormValues): FormProblem[] {
  const fields = propertyFields(connector, configuration);
  const problems: FormProblem[] = [];
  const name = values.name.trim();
  const length = [...name].length;
  if (length === 0) problems.push({ field: 'name', code: 'TEXT_REQUIRED' });
  else if (length < CONFIGURATION_NAME.min || length > CONFIGURATION_NAME.max) problems.push({ field: 'name', code: 'TEXT_LENGTH', params: { ...CONFIGURATION_NAME } });
  const held: Record<string, string> = {};
  for (const field of fields) {
    const typed = isEditing(field, values) ? typedValue(field, values) : KEPT_SECRET;
    if (typed !== '') held[field.name] = typed;
  }
  const order = new Map(fields.map((field, index) => [propertyField(field.name), index]));
  const found = propertyProblems(connector, held)
    .map(({ field, code, ...params }) => ({ field: field as ConfigurationField, code, params }))
    .sort((a, b) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0));
  problems.push(...found);
  const first = fields[0];
  if (problems.length === 0 && first && Object.keys(held).length === 0) problems.push({ field: propertyField(first.name), code: 'CONNECTOR_PROPERTIES_REQUIRED' });
  return problems;
}

/** POST /connector-organizations's body, or the problems that keep it from being sent. */
export function createBody(organizationId: string, connector: Connector, values: ConfigurationFormValues): { body: CreateConfigurationBody } | { problems: FormProblem[] } {
  const problems = checkValues(connector, null, values);
  if (problems.length > 0) return { problems };
  const properties = sentProperties(propertyFields(connector, null), values);
  return { body: { organizationId, connectorId: connector.id, name: values.name.trim(), active: values.active, properties } };
}

/** PATCH /connector-organizations/{id}'s body: only what differs from the stored configuration (an empty body when nothing does). */
export function changeBody(
  configuration: ConnectorConfiguration,
  connector: Connector,
  values: ConfigurationFormValues,
): { body: ChangeConfigurationBody } | { problems: FormProblem[] } {
  const problems = checkValues(connector, configuration, values);
  if (problems.length > 0) return { problems };
  const fields = propertyFields(connector, configuration);
  const body: ChangeConfigurationBody = {};
  const name = values.name.trim();
  if (name !== configuration.name) body.name = name;
  if (values.active !== configuration.active) body.active = values.active;
  const stored = new Map(configuration.properties.map((property) => [property.name, property.value ?? '']));
  const properties = fields.flatMap((field) => {
    if (!isEditing(field, values)) return [];
    const typed = typedValue(field, values);
    if (field.secret) return typed === '' ? [] : [{ name: field.name, value: typed }];
    return typed === (stored.get(field.name) ?? '') ? [] : [{ name: field.name, value: typed === '' ? null : typed }];
  });
  if (properties.length > 0) body.properties = properties;
  return { body };
}

/** An API refusal as the form reads it: its code, its details, its field problems. */
export interface RefusalLike {
  code: string;
  details?: Record<string, unknown> | null;
  fields: ReadonlyArray<{ field: string }>;
}

/**
 * The form's field a path of the API's validation names: `name`, `active`,
 * `properties.<name>`, or a property by its index (`properties.2.value`,
 * `/properties/2/value`) in the order sent.
 */
export function fieldOfPath(path: string, sent: ReadonlyArray<{ name: string }>, fields: readonly PropertyField[]): ConfigurationField | null {
  const parts = path.replace(/^\//, '').split(/[./[\]]+/).filter(Boolean);
  if (parts[0] === 'name' || parts[0] === 'active') return parts[0];
  if (parts[0] !== 'properties' || parts[1] === undefined) return null;
  const byIndex = /^\d+$/.test(parts[1]) ? sent[Number(parts[1])]?.name : undefined;
  const name = byIndex ?? parts[1];
  return fields.some((field) => field.name === name) ? propertyField(name) : null;
}

/**
 * The field a refusal's code belongs to: a taken name at the name, a second
 * active configuration at the active switch, the invalid property at its own
 * field (`details.property`), no property at the first one.
 */
export function fieldOfRefusal(refusal: RefusalLike, fields: readonly PropertyField[]): ConfigurationField | null {
  switch (refusal.code) {
    case 'CONNECTOR_CONFIGURATION_NAME_TAKEN':
      return 'name';
    case 'CONNECTOR_ALREADY_ACTIVE':
      return 'active';
    case 'CONNECTOR_PROPERTIES_REQUIRED':
      return fields[0] ? propertyField(fields[0].name) : null;
    case 'CONNECTOR_PROPERTY_INVALID': {
      const named = refusal.details?.property ?? refusal.details?.name;
      return typeof named === 'string' && fields.some((field) => field.name === named) ? propertyField(named) : null;
    }
    default:
      return null;
  }
}
