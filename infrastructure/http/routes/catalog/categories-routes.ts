/**
 * The categories (issue 21, specification 000 sections 2, 3, 5 and 7): the
 * administration tree with its counts, a subtree, the categories holding
 * products, one category, its ancestry, what archiving it affects, what a
 * parent change does to the inherited questions, a product's category chain,
 * its history; create, merge-patch, archive, delete, link and unlink a
 * circuit; upload and serve a picture. The storefront's GET /categories/tree
 * stays in catalog-routes.ts.
 */
import { archiveCategory, changeCategory, createCategory, deleteCategory, linkCategoryCircuit, unlinkCategoryCircuit } from '../../../../application/catalog/categories/category-commands.js';
import { categoryImage, CATEGORY_IMAGE_MAX_BYTES, uploadCategoryImage } from '../../../../application/catalog/categories/category-images.js';
import type { CategoryPorts } from '../../../../application/catalog/categories/category-lookup.js';
import { CategoryQueries } from '../../../../application/catalog/categories/category-queries.js';
import {
  ArchiveCheckpointsView,
  CategoryAdminTreeView,
  CategoryChainView,
  CategoryHistoryView,
  CategoryImageAnswer,
  CategoryView,
  CategoryWithProductsView,
  ParentChangeView,
} from '../../../../application/catalog/categories/category-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { ABSORPTION_TYPES } from '../../../../domain/buybacks/absorption.js';
import type { CategoryFields } from '../../../../domain/catalog/category/category-events.js';
import { CATEGORY_LIMITS } from '../../../../domain/catalog/category/category.js';
import { TRANSLATED_LOCALES, type Translations } from '../../../../domain/shared/translations.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams, uuid } from '../schemas.js';
import { uploadedFile } from '../organizations/uploaded-file.js';

const tag = 'categories';
const list = { kind: 'authenticated', permission: 'category.list' } as const;
const manage = { kind: 'authenticated', permission: 'category.manage' } as const;
const notFound = { 404: 'No such category in the caller’s catalogue (CATEGORY_NOT_FOUND)' };
const invalid = { 422: 'A field breaks the rules (CATEGORY_INVALID, details.fields naming each with its code)' };
const L = CATEGORY_LIMITS;

/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's). */
const OptionalText = (max: number, what: string) => Type.Union([Type.String({ maxLength: 2 * max, description: what }), Type.Null()]);
/** A number the domain checks (whole or decimal), bounded here. */
const Amount = (what: string) => Type.Union([Type.Number({ minimum: -1e9, maximum: 1e9, description: what }), Type.Null()]);

const TranslationsBody = Type.Union(
  [
    Type.Object(
      Object.fromEntries(
        TRANSLATED_LOCALES.map((locale) => [locale, Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 2 * L.description.max }), { maxProperties: 10 }))]),
      ),
      { additionalProperties: false, description: 'Per language (en-GB, nl-BE, de-DE), per field (label, description, childrenDescription, highlightedInstruction, image.alt): the text; French is the field itself.' },
    ),
    Type.Null(),
  ],
);

const fields = {
  parentId: Type.Union([uuid, Type.Null()], { description: 'Required: a category of the catalogue, not below this one (CATEGORY_PARENT_CYCLE); null (a root) only for provider staff.' }),
  label: Text(2 * L.label.max, 0, { description: `${L.label.min} to ${L.label.max} characters.` }),
  identifier: Text(2 * L.identifier.max, 0, { description: `The slug: ${L.identifier.min} to ${L.identifier.max} digits, lowercase letters, - and _; unique in the catalogue (CATEGORY_IDENTIFIER_TAKEN).` }),
  description: Type.Optional(OptionalText(L.description.max, `At most ${L.description.max} characters, or null.`)),
  childrenDescription: Type.Optional(OptionalText(L.childrenDescription.max, `At most ${L.childrenDescription.max} characters without markup, or null.`)),
  highlightedInstruction: Type.Optional(OptionalText(L.highlightedInstruction.max, `At most ${L.highlightedInstruction.max} characters, or null.`)),
  image: Type.Optional(
    Type.Union([Type.Object({ url: Text(500, 1), alt: Type.Optional(OptionalText(L.imageAlt.max, 'Its alternative text.')) }, { additionalProperties: false }), Type.Null()], {
      description: 'The picture: the url POST /categories/images answered, and its alternative text; or null.',
    }),
  ),
  defaultWeightGrams: Amount('Required: the default weight of its products, whole grams.'),
  defaultHeightCm: Type.Optional(Amount('Whole centimetres, or null.')),
  defaultLengthCm: Type.Optional(Amount('Whole centimetres, or null.')),
  defaultWidthCm: Type.Optional(Amount('Whole centimetres, or null.')),
  absorption: Type.Object(
    { type: StringEnum(ABSORPTION_TYPES), value: Type.Number({ minimum: -1e9, maximum: 1e9 }), maxAbsorbedAmountInCents: Type.Optional(Type.Union([Type.Integer({ minimum: -1e9, maximum: 1e9 }), Type.Null()])) },
    { additionalProperties: false, description: 'The absorption type and its value (decimal: cents for value, percent for the percentages; required), with an optional cap in cents.' },
  ),
  buyerId: Text(64, 0, { description: 'Required: a buyer organization of the account; changed only by provider staff (CATEGORY_BUYER_PROVIDER_ONLY).' }),
  referentWarehouseIds: Type.Optional(Type.Array(uuid, { maxItems: L.referentWarehouses, description: 'The reference workshops.' })),
  translations: Type.Optional(TranslationsBody),
};

const CreateBody = Type.Object({ ...fields, circuitIds: Type.Optional(Type.Array(uuid, { maxItems: 50 })) }, { additionalProperties: false });
const PatchBody = Type.Object(Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)])), { additionalProperties: false });

type Body = Record<string, unknown>;

function absorptionOf(raw: unknown): CategoryFields['absorption'] {
  const body = raw as { type: CategoryFields['absorption']['type']; value: number; maxAbsorbedAmountInCents?: number | null };
  return { type: body.type, value: body.value, maxAbsorbedAmountInCents: body.maxAbsorbedAmountInCents ?? null };
}

function fieldsOf(body: Body): CategoryFields {
  const image = body.image as { url: string; alt?: string | null } | null | undefined;
  return {
    parentId: (body.parentId as string | null) ?? null,
    label: body.label as string,
    identifier: body.identifier as string,
    description: (body.description as string | null | undefined) ?? null,
    childrenDescription: (body.childrenDescription as string | null | undefined) ?? null,
    highlightedInstruction: (body.highlightedInstruction as string | null | undefined) ?? null,
    image: image ? { url: image.url, alt: image.alt ?? null } : null,
    defaultWeightGrams: (body.defaultWeightGrams as number | null) ?? null,
    defaultHeightCm: (body.defaultHeightCm as number | null | undefined) ?? null,
    defaultLengthCm: (body.defaultLengthCm as number | null | undefined) ?? null,
    defaultWidthCm: (body.defaultWidthCm as number | null | undefined) ?? null,
    absorption: absorptionOf(body.absorption),
    buyerId: body.buyerId as string,
    referentWarehouseIds: (body.referentWarehouseIds as string[] | undefined) ?? [],
    translations: (body.translations as Translations | null | undefined) ?? null,
  };
}

/** The merge-patch as changes: what it names (an image's missing alt is null; an absorption's missing cap is null). */
function changesOf(body: Body): Partial<CategoryFields> {
  const changes = { ...body } as Partial<CategoryFields> & Body;
  if (body.image) changes.image = { url: (body.image as { url: string }).url, alt: (body.image as { alt?: string | null }).alt ?? null };
  if (body.absorption) changes.absorption = absorptionOf(body.absorption);
  if (body.referentWarehouseIds === null) changes.referentWarehouseIds = [];
  return changes;
}

export function categoriesRoutes(ports: CategoryPorts): Route[] {
  const queries = new CategoryQueries(ports);
  const onCategory = idParams('id');
  return [
    defineRoute({
      method: 'get',
      path: '/categories/connected-tree',
      operationId: 'getCategoryAdminTree',
      summary:
        'The caller’s whole catalogue as a tree (children by label), archived categories included: each node with its products, published products, and published products offered on the web and in store (its own and its descendants’)',
      tag,
      access: list,
      response: { status: 200, description: 'The roots, each with its sub-categories', schema: CategoryAdminTreeView },
      handler: async ({ principal }) => ({ body: { items: await queries.tree(principal) } }),
    }),
    defineRoute({
      method: 'get',
      path: '/categories/with-products',
      operationId: 'getCategoriesWithProducts',
      summary: 'The categories holding at least one product (their own or below), by label, with their counts (the products list’s category filter)',
      tag,
      access: list,
      response: { status: 200, description: 'The categories', schema: CategoryWithProductsView },
      handler: async ({ principal }) => ({ body: await queries.withProducts(principal) }),
    }),
    defineRoute({
      method: 'get',
      path: '/categories/tree/{id}',
      operationId: 'getCategorySubtree',
      summary: 'One category’s subtree, with the counts of GET /categories/connected-tree',
      tag,
      access: list,
      params: onCategory,
      response: { status: 200, description: 'The tree’s answer with one root: the category and its sub-categories', schema: CategoryAdminTreeView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: { items: [await queries.subtree(principal, params.id)] } }),
    }),
    defineRoute({
      method: 'post',
      path: '/categories/images',
      operationId: 'uploadCategoryImage',
      summary: `Uploads a category picture: JPG or PNG of at most ${CATEGORY_IMAGE_MAX_BYTES / 1024} kB, its real type read from its bytes (CATEGORY_IMAGE_TYPE whatever its name), the body itself or the \`file\` field of a multipart form; answers the url to put in the category’s image`,
      tag,
      access: manage,
      upload: {
        contentTypes: ['image/jpeg', 'image/png', 'application/octet-stream', 'multipart/form-data'],
        maxBytes: CATEGORY_IMAGE_MAX_BYTES + 64 * 1024,
        description: 'A JPG or PNG picture of at most 250 kB.',
      },
      idempotent: true,
      response: { status: 201, description: 'Stored', schema: CategoryImageAnswer },
      otherResponses: {
        400: 'No file (CATEGORY_IMAGE_REQUIRED)',
        422: 'Not a JPG nor a PNG by its content (CATEGORY_IMAGE_TYPE), or larger than 250 kB (CATEGORY_IMAGE_TOO_LARGE)',
      },
      async handler(context) {
        const { bytes } = uploadedFile(context.request, undefined);
        const { position, ...image } = await uploadCategoryImage.run(ports, commandContext(context), { bytes });
        return { status: 201, position, body: image, headers: { Location: image.url } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/category-images/{id}',
      operationId: 'getCategoryImage',
      summary: 'A category picture (JPG or PNG), to anyone (the storefront shows it); its id is random and it never changes',
      tag,
      access: { kind: 'public' },
      params: idParams('id'),
      response: { status: 200, description: 'The picture', contentType: 'image/png' },
      otherResponses: { 404: 'No such picture (CATEGORY_IMAGE_NOT_FOUND)' },
      async handler({ params }) {
        const image = await categoryImage(ports, params.id);
        return { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' }, raw: { contentType: image.contentType, data: image.bytes } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/categories',
      operationId: 'createCategory',
      summary:
        'A new category of the caller’s catalogue (provider staff name the account) with every field of specification 000 section 3; its identifier is reserved in the catalogue (two creations racing for one: one wins, the other CATEGORY_IDENTIFIER_TAKEN)',
      tag,
      access: manage,
      body: CreateBody,
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: { 403: 'Provider staff naming no account (ACCOUNT_REQUIRED)', 409: 'The identifier is another category’s (CATEGORY_IDENTIFIER_TAKEN)', ...invalid },
      async handler(context) {
        const { circuitIds, ...rest } = context.body as Body & { circuitIds?: string[] };
        const outcome = await createCategory.run(ports, commandContext(context), { fields: fieldsOf(rest), circuitIds: circuitIds ?? [] });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/categories/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/categories/{id}',
      operationId: 'getCategory',
      summary: 'One category of the caller’s catalogue with every field and its translations (its ETag: the revision for If-Match)',
      tag,
      access: list,
      params: onCategory,
      response: { status: 200, description: 'The category', schema: CategoryView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const category = await queries.detail(principal, params.id);
        return { body: category, headers: { ETag: etagOf(category.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/categories/{id}',
      operationId: 'changeCategory',
      summary:
        'Changes what the body names (JSON merge-patch: what it leaves out stays, null empties an optional field); only the changed fields are written. A new parent changes the inherited questions: GET /categories/{id}/parent-change says which first. The buyer only by provider staff (CATEGORY_BUYER_PROVIDER_ONLY); an archived category is not changed (CATEGORY_ARCHIVED). If-Match with its revision: another change since answers 412',
      tag,
      access: manage,
      params: onCategory,
      body: PatchBody,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        ...notFound,
        403: 'The buyer changed by someone other than provider staff (CATEGORY_BUYER_PROVIDER_ONLY)',
        409: 'The identifier is another category’s (CATEGORY_IDENTIFIER_TAKEN), or the category is archived (CATEGORY_ARCHIVED)',
        412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)',
        ...invalid,
      },
      async handler(context) {
        return commandResult(await changeCategory.run(ports, commandContext(context), { categoryId: context.params.id, changes: changesOf(context.body as Body) }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/categories/{id}',
      operationId: 'deleteCategory',
      summary: 'Deletes a category once none of its child categories, products and questions remain (CATEGORY_HAS_CHILDREN, CATEGORY_HAS_PRODUCTS, CATEGORY_HAS_QUESTIONS with their count); its identifier is freed. If-Match with its revision',
      tag,
      access: manage,
      params: onCategory,
      conditional: true,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      otherResponses: { ...notFound, 409: 'Something still hangs on it (CATEGORY_HAS_CHILDREN, CATEGORY_HAS_PRODUCTS, CATEGORY_HAS_QUESTIONS)', 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      async handler(context) {
        return commandResult(await deleteCategory.run(ports, commandContext(context), { categoryId: context.params.id }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/categories/{id}/archive',
      operationId: 'archiveCategory',
      summary: 'Archives a category (after GET /categories/{id}/checkpoints-to-archive was shown): the storefront no longer shows it nor what is below it; archiving it again changes nothing. If-Match with its revision',
      tag,
      access: manage,
      params: onCategory,
      body: Type.Object({ reason: Type.Optional(Type.Union([Text(255), Type.Null()])) }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Archived', schema: CommandAnswer },
      otherResponses: { ...notFound, 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      async handler(context) {
        const reason = (context.body as { reason?: string | null }).reason?.trim() || null;
        return commandResult(await archiveCategory.run(ports, commandContext(context), { categoryId: context.params.id, reason }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/categories/{id}/circuits/{circuitId}',
      operationId: 'linkCategoryCircuit',
      summary: 'Links a circuit of the catalogue to the category (its products are offered on it); linked already: nothing changes',
      tag,
      access: manage,
      params: idParams('id', 'circuitId'),
      response: { status: 200, description: 'Linked', schema: CommandAnswer },
      otherResponses: { 404: 'No such category or circuit in the caller’s catalogue (CATEGORY_NOT_FOUND, CATEGORY_CIRCUIT_NOT_FOUND)', 409: 'The category is archived (CATEGORY_ARCHIVED)' },
      async handler(context) {
        return commandResult(await linkCategoryCircuit.run(ports, commandContext(context), { categoryId: context.params.id, circuitId: context.params.circuitId }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/categories/{id}/circuits/{circuitId}',
      operationId: 'unlinkCategoryCircuit',
      summary: 'Unlinks a circuit from the category; not linked: nothing changes',
      tag,
      access: manage,
      params: idParams('id', 'circuitId'),
      response: { status: 200, description: 'Unlinked', schema: CommandAnswer },
      otherResponses: { ...notFound, 409: 'The category is archived (CATEGORY_ARCHIVED)' },
      async handler(context) {
        return commandResult(await unlinkCategoryCircuit.run(ports, commandContext(context), { categoryId: context.params.id, circuitId: context.params.circuitId }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/categories/{id}/ancestry',
      operationId: 'getCategoryAncestry',
      summary: 'The category and its ancestors, root first',
      tag,
      access: list,
      params: onCategory,
      response: { status: 200, description: 'The chain', schema: CategoryChainView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.ancestry(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/categories/{id}/checkpoints-to-archive',
      operationId: 'getCategoryArchiveCheckpoints',
      summary: 'What archiving the category affects: its published products, sub-categories, questions and circuits (the screen shows each before archiving)',
      tag,
      access: list,
      params: onCategory,
      response: { status: 200, description: 'The checkpoints', schema: ArchiveCheckpointsView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.checkpointsToArchive(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/categories/{id}/parent-change',
      operationId: 'getCategoryParentChange',
      summary: 'What moving the category under `parentId` (absent: a root) does to its inherited questions: those lost and those gained, and whether the parent may hold it; the screen asks for confirmation with them',
      tag,
      access: list,
      params: onCategory,
      query: Type.Object({ parentId: Type.Optional(uuid) }, { additionalProperties: false }),
      response: { status: 200, description: 'The questions lost and gained', schema: ParentChangeView },
      otherResponses: notFound,
      handler: async ({ principal, params, query }) => ({ body: await queries.parentChange(principal, params.id, query.parentId ?? null) }),
    }),
    defineRoute({
      method: 'get',
      path: '/categories/{id}/history',
      operationId: 'getCategoryHistory',
      summary: 'Every event of the category: what, when, who and each value it changed (from, to), oldest first',
      tag,
      access: list,
      params: onCategory,
      response: { status: 200, description: 'The history', schema: CategoryHistoryView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.history(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/products/{id}/category_tree',
      operationId: 'getProductCategoryTree',
      summary: 'The product’s category and its ancestors, root first',
      tag,
      access: list,
      params: onCategory,
      response: { status: 200, description: 'The chain', schema: CategoryChainView },
      otherResponses: { 404: 'No such product in the caller’s catalogue (PRODUCT_NOT_FOUND)' },
      handler: async ({ principal, params }) => ({ body: await queries.productCategoryTree(principal, params.id) }),
    }),
  ];
}
