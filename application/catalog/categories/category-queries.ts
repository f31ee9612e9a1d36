/**
 * The categories' reads, always within the caller's tenant: one category, the
 * administration tree with its counts (all products, published, published on
 * the web and in store), a subtree, the categories that hold products, a
 * chain of ancestors, what archiving affects, what a parent change does to
 * the inherited questions, and the history read from its stream.
 */
import { toDomainEvent } from '../../events/codec.js';
import { ApplicationError } from '../../commands/errors.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { userNames } from '../../organizations/user-names.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type CircuitDocument, type ProductDocument, type QuestionDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';
import type { CategoryEvent } from '../../../domain/catalog/category/decide.js';
import { categories, categoryAncestors, CATEGORY_TREE_LIMIT, parentFacts, visibleCategory, type CategoryPorts } from './category-lookup.js';
import {
  CATEGORY_HISTORY_TYPES,
  type ArchiveCheckpointsView,
  type CategoryAdminNode,
  type CategoryChainView,
  type CategoryHistoryEntry,
  type CategoryView,
  type CategoryWithProductsView,
  type ParentChangeView,
} from './category-views.js';

export function presentCategory(category: CategoryDocument): CategoryView {
  return {
    id: category._id,
    accountId: category.accountId,
    parentId: category.parentId,
    identifier: category.identifier,
    label: category.label,
    description: category.description,
    childrenDescription: category.childrenDescription ?? null,
    highlightedInstruction: category.highlightedInstruction ?? null,
    image: category.image ?? null,
    defaultWeightGrams: category.defaultWeightGrams,
    defaultHeightCm: category.defaultHeightCm ?? null,
    defaultLengthCm: category.defaultLengthCm ?? null,
    defaultWidthCm: category.defaultWidthCm ?? null,
    absorption: category.absorption,
    buyerId: category.buyerId,
    referentWarehouseIds: category.referentWarehouseIds,
    circuitIds: category.circuitIds,
    translations: category.translations ?? null,
    status: category.status ?? 'active',
    archivedAt: category.archivedAt ?? null,
    createdAt: category.createdAt ?? new Date(0).toISOString(),
    updatedAt: category.updatedAt ?? category.createdAt ?? new Date(0).toISOString(),
    revision: category.revision ?? 0,
  };
}

const chainItem = (c: CategoryDocument) => ({ id: c._id, parentId: c.parentId, identifier: c.identifier, label: c.label, status: c.status ?? 'active' });

export class CategoryQueries {
  constructor(private readonly ports: CategoryPorts) {}

  async detail(principal: Principal, categoryId: string): Promise<CategoryView> {
    return presentCategory(await visibleCategory(this.ports.documents, principal, categoryId));
  }

  /** The category and its ancestors, root first. */
  async ancestry(principal: Principal, categoryId: string): Promise<CategoryChainView> {
    const category = await visibleCategory(this.ports.documents, principal, categoryId);
    const above = await categoryAncestors(this.ports.documents, category.accountId, category.parentId);
    return { items: [...above.reverse(), category].map(chainItem) };
  }

  /** A product's category chain, root first (the product of another tenant: PRODUCT_NOT_FOUND). */
  async productCategoryTree(principal: Principal, productId: string): Promise<CategoryChainView> {
    const [product] = await this.ports.documents
      .collection<ProductDocument>(CATALOG_COLLECTIONS.products)
      .find({ $and: [tenantFilter(principal), { _id: productId }] }, { limit: 1 });
    if (!product) throw new ApplicationError('PRODUCT_NOT_FOUND', { productId });
    const chain = await categoryAncestors(this.ports.documents, product.accountId, product.categoryId);
    return { items: chain.reverse().map(chainItem) };
  }

  /** The caller's whole catalogue as a tree (children by label), archived categories included, each node with its counts. */
  async tree(principal: Principal): Promise<CategoryAdminNode[]> {
    return (await this.nodes(principal)).roots;
  }

  /** One category's subtree with its counts. */
  async subtree(principal: Principal, categoryId: string): Promise<CategoryAdminNode> {
    await visibleCategory(this.ports.documents, principal, categoryId);
    const node = (await this.nodes(principal)).byId.get(categoryId);
    if (!node) throw new ApplicationError('CATEGORY_NOT_FOUND', { categoryId });
    return node;
  }

  /** The categories holding at least one product (own or below), by label, with their counts. */
  async withProducts(principal: Principal): Promise<CategoryWithProductsView> {
    const { byId } = await this.nodes(principal);
    const items = [...byId.values()]
      .filter((node) => node.numberOfProducts > 0)
      .sort((a, b) => a.label.localeCompare(b.label))
      .map(({ id, identifier, label, parentId, numberOfProducts, numberOfPublishedProducts }) => ({ id, identifier, label, parentId, numberOfProducts, numberOfPublishedProducts }));
    return { items };
  }

  /** What archiving the category affects: its sub-categories, products, questions and circuits. */
  async checkpointsToArchive(principal: Principal, categoryId: string): Promise<ArchiveCheckpointsView> {
    const category = await visibleCategory(this.ports.documents, principal, categoryId);
    const { byId } = await this.nodes(principal);
    const node = byId.get(categoryId);
    const ids: string[] = [];
    const walk = (n: CategoryAdminNode) => {
      ids.push(n.id);
      n.children.forEach(walk);
    };
    if (node) walk(node);
    const questions = await this.ports.documents.collection<QuestionDocument>(CATALOG_COLLECTIONS.questions).count({ accountId: category.accountId, categoryId: { $in: ids } });
    const counts = {
      descendants: Math.max(ids.length - 1, 0),
      products: node?.numberOfProducts ?? 0,
      publishedProducts: node?.numberOfPublishedProducts ?? 0,
      questions,
      circuits: category.circuitIds.length,
    };
    const checkpoints: ArchiveCheckpointsView['checkpoints'] = [];
    if (counts.publishedProducts > 0) checkpoints.push({ code: 'PUBLISHED_PRODUCTS', count: counts.publishedProducts });
    if (counts.descendants > 0) checkpoints.push({ code: 'SUB_CATEGORIES', count: counts.descendants });
    if (counts.questions > 0) checkpoints.push({ code: 'QUESTIONS', count: counts.questions });
    if (counts.circuits > 0) checkpoints.push({ code: 'CIRCUITS', count: counts.circuits });
    return { categoryId, ...counts, checkpoints };
  }

  /** The inherited questions a move under `parentId` would lose and gain (what the screen asks to confirm). */
  async parentChange(principal: Principal, categoryId: string, parentId: string | null): Promise<ParentChangeView> {
    const category = await visibleCategory(this.ports.documents, principal, categoryId);
    const { accountId } = category;
    const [before, after, facts] = await Promise.all([
      categoryAncestors(this.ports.documents, accountId, category.parentId),
      categoryAncestors(this.ports.documents, accountId, parentId),
      parentFacts(this.ports.documents, accountId, parentId),
    ]);
    const allowed = facts === null ? true : facts.found && facts.id !== categoryId && !facts.ancestorIds.includes(categoryId) && !facts.archived;
    const beforeIds = new Set(before.map((c) => c._id));
    const afterIds = new Set(after.map((c) => c._id));
    const labels = new Map([...before, ...after].map((c) => [c._id, c.label]));
    const lostIds = [...beforeIds].filter((id) => !afterIds.has(id));
    const gainedIds = allowed ? [...afterIds].filter((id) => !beforeIds.has(id)) : [];
    const questions = await this.ports.documents
      .collection<QuestionDocument>(CATALOG_COLLECTIONS.questions)
      .find({ accountId, categoryId: { $in: [...lostIds, ...gainedIds] } }, { sort: [['position', 1]], limit: 1_000 });
    const ref = (q: QuestionDocument) => ({ id: q._id, title: q.title, categoryId: q.categoryId, categoryLabel: labels.get(q.categoryId) ?? '' });
    return {
      categoryId,
      parentId,
      allowed,
      lost: allowed ? questions.filter((q) => lostIds.includes(q.categoryId)).map(ref) : [],
      gained: questions.filter((q) => gainedIds.includes(q.categoryId)).map(ref),
    };
  }

  /** Each event of the category's stream: what, when, who (named), and every value it changed (from, to). */
  async history(principal: Principal, categoryId: string): Promise<{ items: CategoryHistoryEntry[] }> {
    await visibleCategory(this.ports.documents, principal, categoryId);
    const stored = await this.ports.eventStore.readStream(CATALOG_STREAMS.category.name(categoryId));
    const names = await userNames(this.ports.documents, stored.map((s) => s.metadata.userId));
    let state: Record<string, unknown> = {};
    const items: CategoryHistoryEntry[] = [];
    for (const entry of stored) {
      const event = toDomainEvent<CategoryEvent>(entry);
      if (!(CATEGORY_HISTORY_TYPES as readonly string[]).includes(event.type)) continue;
      const changes: CategoryHistoryEntry['changes'] = {};
      let after = state;
      switch (event.type) {
        case 'CategoryCreated':
          after = { ...event.data };
          for (const [key, to] of Object.entries(event.data)) if (key !== 'categoryId' && to !== null) changes[key] = { from: null, to };
          break;
        case 'CategoryChanged':
          after = { ...state, ...event.data.changes };
          for (const [key, to] of Object.entries(event.data.changes)) changes[key] = { from: state[key] ?? null, to: to ?? null };
          break;
        case 'CategoryArchived':
          changes.status = { from: 'active', to: 'archived' };
          if (event.data.reason) changes.reason = { from: null, to: event.data.reason };
          break;
        case 'CategoryDeleted':
          changes.status = { from: state.status ?? 'active', to: 'deleted' };
          break;
        case 'CategoryCircuitLinked':
          changes.circuitIds = { from: null, to: event.data.circuitId };
          break;
        case 'CategoryCircuitUnlinked':
          changes.circuitIds = { from: event.data.circuitId, to: null };
          break;
      }
      const userId = entry.metadata.userId;
      items.push({
        eventId: entry.id,
        revision: entry.streamRevision,
        type: event.type,
        at: entry.metadata.occurredAt,
        user: userId ? { id: userId, name: names.get(userId) ?? userId } : null,
        changes,
      });
      state = after;
    }
    return { items };
  }

  /**
   * Every category of the caller's catalogue as nodes with counts. A product
   * counts in its category and every ancestor; a published one counts on the
   * web (in store) when its category offers an enabled web (store) circuit:
   * its own circuits, else its nearest ancestor's that names some, as the
   * buyback path reads them.
   */
  private async nodes(principal: Principal): Promise<{ roots: CategoryAdminNode[]; byId: Map<string, CategoryAdminNode> }> {
    const all = await categories(this.ports.documents).find(tenantFilter(principal), { sort: [['label', 1]], limit: CATEGORY_TREE_LIMIT });
    const products = this.ports.documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products);
    const circuitIds = [...new Set(all.flatMap((c) => c.circuitIds))];
    const [totals, published, circuits] = await Promise.all([
      Promise.all(all.map((c) => products.count({ accountId: c.accountId, categoryId: c._id }))),
      Promise.all(all.map((c) => products.count({ accountId: c.accountId, categoryId: c._id, status: 'published' }))),
      circuitIds.length
        ? this.ports.documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).find({ _id: { $in: circuitIds }, status: 'enabled' }, { limit: 10_000 })
        : Promise.resolve([] as CircuitDocument[]),
    ]);
    const channelOf = new Map(circuits.map((c) => [c._id, c.channel]));
    const byDoc = new Map(all.map((c) => [c._id, c]));
    const effectiveChannels = (category: CategoryDocument): Set<string> => {
      let current: CategoryDocument | undefined = category;
      for (let depth = 0; current && depth < 64; depth++) {
        if (current.circuitIds.length > 0) return new Set(current.circuitIds.map((id) => channelOf.get(id)).filter((ch): ch is NonNullable<typeof ch> => !!ch));
        current = current.parentId ? byDoc.get(current.parentId) : undefined;
      }
      return new Set();
    };
    const byId = new Map<string, CategoryAdminNode>();
    all.forEach((category, index) => {
      const own = published[index] ?? 0;
      const channels = effectiveChannels(category);
      byId.set(category._id, {
        id: category._id,
        parentId: category.parentId,
        identifier: category.identifier,
        label: category.label,
        status: category.status ?? 'active',
        circuitIds: category.circuitIds,
        numberOfProducts: totals[index] ?? 0,
        numberOfPublishedProducts: own,
        numberOfPublishedProductsWeb: channels.has('web') ? own : 0,
        numberOfPublishedProductsStore: channels.has('store') ? own : 0,
        children: [],
      });
    });
    const roots: CategoryAdminNode[] = [];
    for (const node of byId.values()) {
      const parent = node.parentId ? byId.get(node.parentId) : undefined;
      (parent && parent !== node ? parent.children : roots).push(node);
    }
    const seen = new Set<string>();
    const sum = (node: CategoryAdminNode) => {
      if (seen.has(node.id)) return;
      seen.add(node.id);
      for (const child of node.children) {
        sum(child);
        node.numberOfProducts += child.numberOfProducts;
        node.numberOfPublishedProducts += child.numberOfPublishedProducts;
        node.numberOfPublishedProductsWeb += child.numberOfPublishedProductsWeb;
        node.numberOfPublishedProductsStore += child.numberOfPublishedProductsStore;
      }
    };
    roots.forEach(sum);
    return { roots, byId };
  }
}
