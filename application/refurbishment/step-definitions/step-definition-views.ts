/**
 * What the refurb step definition routes answer (TypeBox): the handlers'
 * return types, the OpenAPI schemas, the types the dashboard imports.
 */
import { DateTime, ListPage, Nullable, StringEnum, Type, type Static } from '../../views/schema.js';

export const STEP_DEFINITION_HISTORY_TYPES = ['RefurbStepDefined', 'RefurbStepDefinitionChanged', 'RefurbStepDefinitionDeleted'] as const;

/** Per language (en-GB, nl-BE, de-DE), per field path, the text. */
export const RefurbTranslationsView = Nullable(Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), { title: 'RefurbTranslations' }));

export const RefurbStepCostView = Type.Object(
  {
    warehouseId: Type.String(),
    warehouseName: Type.String({ description: 'The warehouse’s common name.' }),
    costInCents: Type.Integer({ minimum: 0, description: 'What the step costs in that warehouse, in whole cents.' }),
    currency: Type.String(),
  },
  { title: 'RefurbStepCost' },
);

export const RefurbStepDefinitionView = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    name: Type.String({ description: 'In the caller’s language (French when not translated).' }),
    description: Nullable(Type.String()),
    stockId: Type.String({ description: 'The stock an item waits in while this step is to do.' }),
    stock: Nullable(
      Type.Object({
        id: Type.String(),
        name: Nullable(Type.String({ description: 'Its own name; null for a native stock (see kind).' })),
        kind: Nullable(Type.String({ description: 'The native stock’s kind (to_refurbish…); null for one of the warehouse’s own.' })),
        warehouseId: Type.String(),
      }),
    ),
    costs: Type.Array(RefurbStepCostView),
    french: Type.Object({ name: Type.String(), description: Nullable(Type.String()) }, { description: 'The texts as written: the form edits these.' }),
    translations: RefurbTranslationsView,
    usages: Type.Integer({ minimum: 0, description: 'Item refurb steps planned from it (counted up to 10,000): while any, it cannot be deleted.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
    revision: Type.Integer({ minimum: 0, description: 'Its stream revision, also the ETag: send it back as If-Match.' }),
  },
  { title: 'RefurbStepDefinition' },
);
export type RefurbStepDefinitionView = Static<typeof RefurbStepDefinitionView>;
export const RefurbStepDefinitionPage = ListPage(RefurbStepDefinitionView, 'RefurbStepDefinitionPage');

/** One event of a stream: what, when, who (named), and each value it changed (from, to). */
export function refurbHistoryOf<T extends readonly string[]>(types: T, title: string) {
  const entry = Type.Object(
    {
      eventId: Type.String(),
      revision: Type.Integer({ minimum: 0 }),
      type: StringEnum(types),
      at: DateTime,
      user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
      reason: Nullable(Type.String()),
      changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
    },
    { title: `${title}Entry` },
  );
  return Type.Object({ items: Type.Array(entry) }, { title });
}
export const RefurbStepDefinitionHistory = refurbHistoryOf(STEP_DEFINITION_HISTORY_TYPES, 'RefurbStepDefinitionHistory');
export type RefurbStepDefinitionHistory = Static<typeof RefurbStepDefinitionHistory>;

/** What a step definition's form chooses from: the retailer's warehouses and their stocks (natives named by their kind). */
export const RefurbStepChoicesView = Type.Object(
  {
    warehouses: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    stocks: Type.Array(Type.Object({ id: Type.String(), name: Nullable(Type.String()), kind: Nullable(Type.String()), warehouseId: Type.String() })),
  },
  { title: 'RefurbStepChoices' },
);
export type RefurbStepChoicesView = Static<typeof RefurbStepChoicesView>;
