/**
 * A refurb step definition (specification 001 "Refurb step"): what the
 * workshop does to an item (screen replacement, battery, cleaning…), the
 * stock the item waits in while the step is to do, and its cost in each of
 * the account's warehouses. Its state folded from its events, its bounds,
 * and the check of its fields against the facts the application reads (the
 * account's stocks and warehouses). Pure.
 */
import type { Currency } from '../../shared/money.js';
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../../shared/translations.js';
import type { RefurbStepDefined, RefurbStepDefinitionEvent, WarehouseCost } from '../events.js';

export const STEP_DEFINITION_LIMITS = {
  name: { min: 1, max: 255 },
  description: { min: 0, max: 255 },
  /** One cost per warehouse: an account has a handful. */
  costs: { max: 100 },
  /** Whole cents, from nothing to 100,000.00. */
  costCents: { min: 0, max: 10_000_000 },
} as const;

/** What the form edits. */
export interface StepDefinitionFields {
  name: string;
  description: string | null;
  stockId: string;
  costs: WarehouseCost[];
  /** Keyed by path: `name`, `description`. */
  translations: Translations | null;
}

/** What the application read for the check: the account's stocks (not deleted) and warehouses, and its currency. */
export interface StepDefinitionFacts {
  stockIds: ReadonlySet<string>;
  warehouseIds: ReadonlySet<string>;
  currency: Currency;
}

export interface FieldProblem {
  field: string;
  code: string;
  [param: string]: unknown;
}

export type StepDefinitionData = RefurbStepDefined['data'];

export interface StepDefinitionState {
  /** Null before its creation and after its deletion. */
  definition: StepDefinitionData | null;
  deleted: boolean;
}

export const initialStepDefinitionState = (): StepDefinitionState => ({ definition: null, deleted: false });

export function evolveStepDefinition(state: StepDefinitionState, event: RefurbStepDefinitionEvent): StepDefinitionState {
  switch (event.type) {
    case 'RefurbStepDefined':
      return { definition: event.data, deleted: false };
    case 'RefurbStepDefinitionChanged': {
      if (!state.definition) return state;
      const { stepDefinitionId: _id, ...changes } = event.data;
      return { ...state, definition: { ...state.definition, ...changes } };
    }
    case 'RefurbStepDefinitionDeleted':
      return { definition: null, deleted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** A name as its reservation keys it: trimmed, inner spaces collapsed, case aside ("Battery " and "battery" are one name). */
export function normalizeStepName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

const length = (text: string) => [...text].length;

function text(problems: FieldProblem[], field: string, raw: string | null | undefined, bounds: { min: number; max: number }, required: boolean): string | null {
  const value = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (value === '') {
    if (required) problems.push({ field, code: 'TEXT_REQUIRED' });
    return null;
  }
  if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
  return value;
}

function costs(problems: FieldProblem[], raw: readonly WarehouseCost[], facts: StepDefinitionFacts): WarehouseCost[] {
  const { costCents } = STEP_DEFINITION_LIMITS;
  if (raw.length > STEP_DEFINITION_LIMITS.costs.max) problems.push({ field: 'costs', code: 'REFURB_STEP_TOO_MANY_COSTS', max: STEP_DEFINITION_LIMITS.costs.max });
  const seen = new Set<string>();
  raw.forEach((cost, index) => {
    const at = `costs.${index}`;
    if (!facts.warehouseIds.has(cost.warehouseId)) problems.push({ field: `${at}.warehouseId`, code: 'REFURB_STEP_WAREHOUSE_UNKNOWN' });
    else if (seen.has(cost.warehouseId)) problems.push({ field: `${at}.warehouseId`, code: 'REFURB_STEP_WAREHOUSE_TWICE' });
    seen.add(cost.warehouseId);
    const cents = cost.cost.amountInCents;
    if (!Number.isSafeInteger(cents) || cents < costCents.min || cents > costCents.max) {
      problems.push({ field: `${at}.cost`, code: 'REFURB_STEP_COST_INVALID', min: costCents.min, max: costCents.max });
    }
  });
  return raw.map((c) => ({ warehouseId: c.warehouseId, cost: { amountInCents: c.cost.amountInCents, currency: facts.currency } }));
}

function translations(problems: FieldProblem[], raw: Translations | null): Translations | null {
  const bounds = { name: STEP_DEFINITION_LIMITS.name, description: STEP_DEFINITION_LIMITS.description } as const;
  const cleaned = cleanTranslations(raw, (path) => path in bounds);
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, value] of Object.entries(cleaned?.[locale] ?? {})) {
      const { min, max } = bounds[path as keyof typeof bounds];
      if (length(value) < min || length(value) > max) problems.push({ field: `translations.${locale}.${path}`, code: 'TEXT_LENGTH', min, max });
    }
  }
  return cleaned;
}

/** The fields trimmed and checked; every problem is appended to `problems` (refused at once by the decider). */
export function normalizeStepDefinition(fields: StepDefinitionFields, facts: StepDefinitionFacts, problems: FieldProblem[]): StepDefinitionFields {
  const name = text(problems, 'name', fields.name, STEP_DEFINITION_LIMITS.name, true) ?? '';
  const description = text(problems, 'description', fields.description, STEP_DEFINITION_LIMITS.description, false);
  const stockId = (fields.stockId ?? '').trim();
  if (stockId === '') problems.push({ field: 'stockId', code: 'TEXT_REQUIRED' });
  else if (!facts.stockIds.has(stockId)) problems.push({ field: 'stockId', code: 'REFURB_STEP_STOCK_UNKNOWN' });
  return { name, description, stockId, costs: costs(problems, fields.costs, facts), translations: translations(problems, fields.translations) };
}
