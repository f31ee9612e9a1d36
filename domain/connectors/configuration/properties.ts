/**
 * A configuration's values checked against its connector's properties
 * (specification 002 §5: at least one property; name unique): every name
 * known, every required one set, a url an absolute http(s) URL, an integer
 * whole (timeoutMs within its bounds). Pure; secrets arrive sealed, so only
 * their presence is checked here.
 */
import { CONNECTOR_LIMITS, type Connector } from '../catalogue.js';

export interface PropertyProblem {
  field: string;
  code: 'CONNECTOR_PROPERTY_UNKNOWN' | 'CONNECTOR_PROPERTY_MISSING' | 'CONNECTOR_PROPERTY_URL' | 'CONNECTOR_PROPERTY_INTEGER' | 'TEXT_LENGTH';
  [detail: string]: unknown;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The problems of the whole set of values a configuration would hold (after a change: the merged set). */
export function propertyProblems(connector: Connector, values: Readonly<Record<string, string>>): PropertyProblem[] {
  const problems: PropertyProblem[] = [];
  const known = new Map(connector.properties.map((p) => [p.name, p]));
  for (const name of Object.keys(values)) if (!known.has(name)) problems.push({ field: `properties.${name}`, code: 'CONNECTOR_PROPERTY_UNKNOWN' });
  for (const property of connector.properties) {
    const value = values[property.name];
    const field = `properties.${property.name}`;
    if (value === undefined || value === '') {
      if (property.required) problems.push({ field, code: 'CONNECTOR_PROPERTY_MISSING' });
      continue;
    }
    if (property.kind !== 'secret' && [...value].length > CONNECTOR_LIMITS.value.max) problems.push({ field, code: 'TEXT_LENGTH', min: 1, max: CONNECTOR_LIMITS.value.max });
    else if (property.kind === 'url' && !isHttpUrl(value)) problems.push({ field, code: 'CONNECTOR_PROPERTY_URL' });
    else if (property.kind === 'integer') {
      const { min, max } = CONNECTOR_LIMITS.timeoutMs;
      if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) problems.push({ field, code: 'CONNECTOR_PROPERTY_INTEGER', min, max });
    }
  }
  return problems;
}
