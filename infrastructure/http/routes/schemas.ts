import type { SortSpec } from '../../../application/ports/document-store.js';
import { Type, type TRecord, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { StringEnum } from '../../../application/views/schema.js';

export { Type, StringEnum };

/**
 * Request schemas shared by the routes. Every string has a maximum length
 * and every array a maximum number of items, so no request can make the
 * validator or a handler work on unbounded input (a test walks every
 * route's schemas to check it).
 */
export const uuid = Type.String({ format: 'uuid', maxLength: 36 });

/**
 * The most values a query parameter may repeat (`stockId=…&stockId=…`):
 * Express's query parser (qs, arrayLimit 20) makes an object of more, which
 * no array schema accepts, so a list filter's maxItems is at most this.
 */
export const MAX_QUERY_VALUES = 20;

export function idParams<const K extends string>(...names: K[]) {
  return Type.Object(Object.fromEntries(names.map((name) => [name, uuid])) as { [N in K]: typeof uuid }, { additionalProperties: false });
}

/** A text of at most `max` characters (at least `min`). */
export function Text(max: number, min = 0, options: Record<string, unknown> = {}) {
  return Type.String({ maxLength: max, ...(min > 0 ? { minLength: min } : {}), ...options });
}

export function NullableText(max: number) {
  return Type.Union([Type.String({ maxLength: max }), Type.Null()]);
}

export const MAX_PAGE = 100_000;
export const MAX_ITEMS_PER_PAGE = 100;

/** The paging part of the specification's list convention: page, itemsPerPage, partial. */
export const paging = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  itemsPerPage: Type.Integer({ minimum: 1, maximum: MAX_ITEMS_PER_PAGE, default: 30 }),
  partial: Type.Optional(Type.Boolean({ description: 'true: no total count, only hasNextPage (cheaper on long lists).' })),
};

/** `order[field]=asc|desc` (a deepObject parameter), limited to the sortable fields. */
export function orderParameter<const F extends string>(sortable: readonly F[]) {
  return Type.Optional(
    Type.Record(Type.String(), StringEnum(['asc', 'desc'] as const), {
      propertyNames: { enum: [...sortable] },
      maxProperties: 3,
      description: 'Sort: order[field]=asc|desc (deepObject).',
    }) as unknown as TRecord<TUnsafe<F>, TUnsafe<'asc' | 'desc'>>,
  );
}

/** The list convention of the specification: page, itemsPerPage, partial, order[field]=asc|desc, then the filters. */
export function listQuery<const F extends string, T extends Record<string, TSchema>>(sortable: readonly F[], filters: T) {
  return Type.Object({ ...paging, order: orderParameter(sortable), ...filters }, { additionalProperties: false });
}

export function sortSpec(order: Partial<Record<string, 'asc' | 'desc'>> | undefined, paths: Record<string, string>): SortSpec {
  if (!order) return [];
  return Object.entries(order).map(([field, direction]) => [paths[field] ?? field, direction === 'desc' ? -1 : 1]);
}

export const responsesSchema = Type.Array(
  Type.Object(
    {
      questionId: uuid,
      answerIds: Type.Array(uuid, { minItems: 1, maxItems: 50, uniqueItems: true }),
    },
    { additionalProperties: false },
  ),
  { maxItems: 100 },
);

/** An empty body: a command that takes no input beyond its path. */
export const noBody = Type.Object({}, { additionalProperties: false });
