import type { SortSpec } from '../../../application/ports/document-store.js';
import type { JsonSchema } from '../route.js';

export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const idParams = (...names: string[]): JsonSchema => ({
  type: 'object',
  required: names,
  properties: Object.fromEntries(names.map((name) => [name, uuid])),
});

/** The list convention of the specification: page, itemsPerPage, pagination, order[field]=asc|desc. */
export function listQuery(sortable: readonly string[], filters: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      itemsPerPage: { type: 'integer', minimum: 1, maximum: 100, default: 30 },
      pagination: { type: 'boolean', default: true },
      partial: { type: 'boolean' },
      order: {
        type: 'object',
        propertyNames: { enum: [...sortable] },
        additionalProperties: { type: 'string', enum: ['asc', 'desc'] },
      },
      ...filters,
    },
  };
}

export function sortSpec(order: unknown, paths: Record<string, string>): SortSpec {
  if (!order || typeof order !== 'object') return [];
  return Object.entries(order as Record<string, string>).map(([field, direction]) => [
    paths[field] ?? field,
    direction === 'desc' ? -1 : 1,
  ]);
}

export const moneySchema: JsonSchema = {
  type: 'object',
  required: ['amountInCents', 'currency'],
  properties: { amountInCents: { type: 'integer' }, currency: { type: 'string', enum: ['EUR', 'GBP', 'USD', 'CHF'] } },
};

export const responsesSchema: JsonSchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['questionId', 'answerIds'],
    additionalProperties: false,
    properties: { questionId: uuid, answerIds: { type: 'array', items: uuid, minItems: 1, maxItems: 50, uniqueItems: true } },
  },
};

/** Strips the storage bookkeeping and names the id `id`. */
export function present<D extends { _id: string }>(document: D, hidden: readonly string[] = []): Record<string, unknown> {
  const { _id, ...rest } = document as D & Record<string, unknown>;
  for (const field of ['_applied', ...hidden]) delete (rest as Record<string, unknown>)[field];
  return { id: _id, ...rest };
}
