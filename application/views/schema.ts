/**
 * Building blocks of the API's answer schemas. Each part describes what its
 * routes answer in `application/<part>/<part>-views.ts` as TypeBox schemas:
 * one declaration gives the TypeScript type the handlers return and the UIs
 * import (`Static<typeof X>`, types only) and the JSON Schema the OpenAPI
 * document publishes and the contract test checks real answers against.
 * A schema with a `title` is published once, under that name, in the
 * document's components.
 */
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { CURRENCIES } from '../../domain/shared/money.js';

export { Type, type Static, type TSchema };

/** A string out of a fixed list (JSON Schema `enum`), typed as the list's union. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const Uuid = Type.String({ format: 'uuid' });
/** UTC ISO-8601 with milliseconds. */
export const DateTime = Type.String({ format: 'date-time' });

export const MoneyView = Type.Object(
  { amountInCents: Type.Integer(), currency: StringEnum(CURRENCIES) },
  { title: 'Money', description: 'An amount in integer cents and its currency.' },
);
export type MoneyView = Static<typeof MoneyView>;

/** One page of a list (the specification's list convention). */
export function ListPage<T extends TSchema>(item: T, title: string) {
  return Type.Object(
    {
      items: Type.Array(item),
      totalItems: Nullable(Type.Integer({ minimum: 0, description: 'Exact below the counting limit, else that limit; null with partial=true.' })),
      totalItemsIsLowerBound: Type.Boolean(),
      hasNextPage: Type.Boolean(),
      page: Type.Integer({ minimum: 1 }),
      itemsPerPage: Type.Integer({ minimum: 1 }),
    },
    { title },
  );
}
export interface ListPage<T> {
  items: T[];
  totalItems: number | null;
  totalItemsIsLowerBound: boolean;
  hasNextPage: boolean;
  page: number;
  itemsPerPage: number;
}

/** What a command on one aggregate answers (its revision is also the ETag). */
export const CommandAnswer = Type.Object(
  { id: Uuid, status: Nullable(Type.String()), revision: Type.Integer({ minimum: -1 }) },
  { title: 'CommandAnswer' },
);
export type CommandAnswer = Static<typeof CommandAnswer>;

/** `{ items: [...] }`: a short list answered whole. */
export function Items<T extends TSchema>(item: T, title?: string) {
  return Type.Object({ items: Type.Array(item) }, title ? { title } : {});
}
