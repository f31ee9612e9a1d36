/**
 * The category aggregate: created under a parent of its catalogue (a new
 * root only by provider staff), changed field by field (only what changed is
 * written; the buyer only by provider staff; a parent never below itself),
 * linked to and unlinked from circuits, archived, and deleted once no
 * product, question nor child category remains. Pure: the application reads
 * the facts (the parent's ancestors, whether the buyer exists, what remains).
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { CategoryCreated } from '../events.js';
import type { CategoryFields, CategoryLifeEvent } from './category-events.js';
import { normalizeCategoryFields, refuseProblems, type FieldProblem } from './category.js';

/** What the application found of a category named as parent, in the same catalogue. */
export type ParentFacts = { found: true; id: string; ancestorIds: readonly string[]; archived: boolean } | { found: false; id: string };

export interface CategoryFacts {
  /** The caller is provider staff (may create a root, change the buyer). */
  byProviderStaff: boolean;
  /** The parent named (null: a root); absent when the parent is not changed. */
  parent?: ParentFacts | null;
  /** Whether the buyer named is an organization of the catalogue's account; absent when the buyer is not changed. */
  buyerFound?: boolean;
}

/** What still hangs on a category (its delete is refused while any does). */
export interface CategoryRemains {
  children: number;
  products: number;
  questions: number;
}

export type CategoryCommand =
  | { type: 'CreateCategory'; data: { categoryId: string; fields: CategoryFields; circuitIds: string[]; facts: CategoryFacts } }
  | { type: 'ChangeCategory'; data: { categoryId: string; changes: Partial<CategoryFields>; facts: CategoryFacts } }
  | { type: 'ArchiveCategory'; data: { categoryId: string; reason: string | null } }
  | { type: 'DeleteCategory'; data: { categoryId: string; remains: CategoryRemains } }
  | { type: 'LinkCategoryCircuit'; data: { categoryId: string; circuitId: string; circuitFound: boolean } }
  | { type: 'UnlinkCategoryCircuit'; data: { categoryId: string; circuitId: string } };

export type CategoryEvent = CategoryCreated | CategoryLifeEvent;

export interface CategoryState {
  category: (CategoryFields & { categoryId: string; circuitIds: string[] }) | null;
  status: 'active' | 'archived' | 'deleted';
}

const FIELD_KEYS: ReadonlyArray<keyof CategoryFields> = [
  'parentId',
  'label',
  'identifier',
  'description',
  'childrenDescription',
  'highlightedInstruction',
  'image',
  'defaultWeightGrams',
  'defaultHeightCm',
  'defaultLengthCm',
  'defaultWidthCm',
  'absorption',
  'buyerId',
  'referentWarehouseIds',
  'translations',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function checkParent(problems: FieldProblem[], categoryId: string, parentId: string | null, facts: CategoryFacts): void {
  if (parentId === null) {
    if (!facts.byProviderStaff) problems.push({ field: 'parentId', code: 'CATEGORY_PARENT_REQUIRED' });
    return;
  }
  const parent = facts.parent;
  if (!parent || !parent.found || parent.id !== parentId) problems.push({ field: 'parentId', code: 'CATEGORY_PARENT_NOT_FOUND' });
  else if (parent.id === categoryId || parent.ancestorIds.includes(categoryId)) problems.push({ field: 'parentId', code: 'CATEGORY_PARENT_CYCLE' });
  else if (parent.archived) problems.push({ field: 'parentId', code: 'CATEGORY_PARENT_ARCHIVED' });
}

function live(state: CategoryState, categoryId: string) {
  if (!state.category || state.status === 'deleted') throw new DomainError('CATEGORY_NOT_FOUND', { categoryId });
  return state.category;
}

function writable(state: CategoryState, categoryId: string) {
  const category = live(state, categoryId);
  if (state.status === 'archived') throw new DomainError('CATEGORY_ARCHIVED', { categoryId });
  return category;
}

export const categoryDecider: Decider<CategoryState, CategoryCommand, CategoryEvent> = {
  initialState: () => ({ category: null, status: 'active' }),
  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { category: { ...event.data }, status: 'active' };
      case 'CategoryChanged':
        return state.category ? { ...state, category: { ...state.category, ...event.data.changes } } : state;
      case 'CategoryArchived':
        return { ...state, status: 'archived' };
      case 'CategoryDeleted':
        return { ...state, status: 'deleted' };
      case 'CategoryCircuitLinked':
        return state.category ? { ...state, category: { ...state.category, circuitIds: [...state.category.circuitIds, event.data.circuitId] } } : state;
      case 'CategoryCircuitUnlinked':
        return state.category ? { ...state, category: { ...state.category, circuitIds: state.category.circuitIds.filter((id) => id !== event.data.circuitId) } } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory': {
        const { categoryId, fields, circuitIds, facts } = command.data;
        if (state.category) throw new DomainError('CATEGORY_ALREADY_EXISTS', { categoryId });
        const problems: FieldProblem[] = [];
        const normalized = normalizeCategoryFields(fields, problems);
        checkParent(problems, categoryId, normalized.parentId, facts);
        if (normalized.buyerId && facts.buyerFound === false) problems.push({ field: 'buyerId', code: 'CATEGORY_BUYER_NOT_FOUND' });
        refuseProblems(problems);
        return [{ type: 'CategoryCreated', data: { categoryId, ...normalized, circuitIds: [...new Set(circuitIds)] } }];
      }
      case 'ChangeCategory': {
        const { categoryId, changes, facts } = command.data;
        const current = writable(state, categoryId);
        const problems: FieldProblem[] = [];
        const merged = normalizeCategoryFields({ ...current, ...changes } as CategoryFields, problems);
        const changed: Partial<CategoryFields> = {};
        for (const key of FIELD_KEYS) {
          if (key in changes && !same(merged[key], current[key])) (changed as Record<string, unknown>)[key] = merged[key];
        }
        if ('parentId' in changed) checkParent(problems, categoryId, merged.parentId, facts);
        if ('buyerId' in changed) {
          if (!facts.byProviderStaff) throw new DomainError('CATEGORY_BUYER_PROVIDER_ONLY', { categoryId });
          if (facts.buyerFound === false) problems.push({ field: 'buyerId', code: 'CATEGORY_BUYER_NOT_FOUND' });
        }
        refuseProblems(problems.filter((p) => FIELD_KEYS.some((key) => key in changes && (p.field === key || p.field.startsWith(`${key}.`)))));
        return Object.keys(changed).length ? [{ type: 'CategoryChanged', data: { categoryId, changes: changed } }] : [];
      }
      case 'ArchiveCategory': {
        live(state, command.data.categoryId);
        return state.status === 'archived' ? [] : [{ type: 'CategoryArchived', data: command.data }];
      }
      case 'DeleteCategory': {
        const { categoryId, remains } = command.data;
        const category = live(state, categoryId);
        if (remains.children > 0) throw new DomainError('CATEGORY_HAS_CHILDREN', { categoryId, count: remains.children });
        if (remains.products > 0) throw new DomainError('CATEGORY_HAS_PRODUCTS', { categoryId, count: remains.products });
        if (remains.questions > 0) throw new DomainError('CATEGORY_HAS_QUESTIONS', { categoryId, count: remains.questions });
        return [{ type: 'CategoryDeleted', data: { categoryId, identifier: category.identifier } }];
      }
      case 'LinkCategoryCircuit': {
        const { categoryId, circuitId, circuitFound } = command.data;
        const category = writable(state, categoryId);
        if (!circuitFound) throw new DomainError('CATEGORY_CIRCUIT_NOT_FOUND', { circuitId });
        return category.circuitIds.includes(circuitId) ? [] : [{ type: 'CategoryCircuitLinked', data: { categoryId, circuitId } }];
      }
      case 'UnlinkCategoryCircuit': {
        const { categoryId, circuitId } = command.data;
        const category = writable(state, categoryId);
        return category.circuitIds.includes(circuitId) ? [{ type: 'CategoryCircuitUnlinked', data: { categoryId, circuitId } }] : [];
      }
    }
  },
};
