import type { NewEvent, EventMetadata, StoredEvent } from '../ports/event-store.js';

/**
 * Domain events are `{ type, data }` with a plain past-tense type. In the
 * store the type carries a schema version (`BuybackRegistered.v1`), so an
 * event whose shape changes gets a `.v2` and an upcaster here, and stored
 * history never has to be rewritten.
 */
export interface DomainEvent {
  type: string;
  data: object;
}

const CURRENT_VERSION = 1;
const VERSIONED = /^(?<type>[A-Za-z]+)\.v(?<version>\d+)$/;

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
/** `${type}.v${n}` → function turning v(n) data into v(n+1) data. None yet. */
const UPCASTERS: Record<string, Upcaster> = {};

export function storedTypeOf(domainType: string): string {
  return `${domainType}.v${CURRENT_VERSION}`;
}

export function toNewEvent(event: DomainEvent, id: string, metadata: EventMetadata): NewEvent {
  return { id, type: storedTypeOf(event.type), data: event.data as Record<string, unknown>, metadata };
}

/** Parsed stored types: a replay parses the same few types for every event. */
const parsedTypes = new Map<string, Readonly<{ type: string; version: number }>>();
const PARSED_TYPES_KEPT = 1_000;

export function parseStoredType(storedType: string): Readonly<{ type: string; version: number }> {
  let parsed = parsedTypes.get(storedType);
  if (parsed) return parsed;
  const match = VERSIONED.exec(storedType);
  if (!match?.groups) throw new Error(`Unversioned event type ${storedType}`);
  parsed = Object.freeze({ type: match.groups.type as string, version: Number(match.groups.version) });
  if (parsedTypes.size >= PARSED_TYPES_KEPT) parsedTypes.clear();
  parsedTypes.set(storedType, parsed);
  return parsed;
}

/** The domain event of a stored event, upcast to the current version. */
export function toDomainEvent<E extends DomainEvent = DomainEvent>(stored: StoredEvent): E {
  const { type } = parseStoredType(stored.type);
  let { version } = parseStoredType(stored.type);
  let data = stored.data;
  while (version < CURRENT_VERSION) {
    const upcast = UPCASTERS[`${type}.v${version}`];
    if (!upcast) throw new Error(`No upcaster for ${type}.v${version}`);
    data = upcast(data);
    version += 1;
  }
  return { type, data } as unknown as E;
}

/** The plain domain type of a stored event (`BuybackRegistered.v1` → `BuybackRegistered`). */
export function domainTypeOf(stored: Pick<StoredEvent, 'type'>): string {
  return parseStoredType(stored.type).type;
}
