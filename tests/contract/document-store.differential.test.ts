/**
 * The SQLite document store against an independent implementation of
 * MongoDB's query language (mingo), on random documents, filters and sorts
 * of the port's subset: both must answer alike, or the embedded adapter
 * means something other than the production one. Filters reach mingo as
 * they reach MongoDB (toMongoFilter), so the MongoDB adapter's translation
 * is held to the same answers.
 *
 * The documents mix, per field, the kinds that make SQL over json_extract
 * go wrong (booleans next to numbers, arrays, embedded documents, integers
 * beyond 2^53) with fields that stay scalar, so that both the SQL answers
 * and the exact fallback are compared. Where mingo itself departs from
 * MongoDB, the generator stays clear of the shape, and the contract suite
 * pins MongoDB's answer instead (see the notes at the arbitraries).
 */
import fc from 'fast-check';
import { find as mingoFind } from 'mingo';
import type { Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { Filter, FindOptions, Scalar, SortSpec, StoredDocument } from '../../application/ports/document-store.js';
import { toMongoFilter } from '../../infrastructure/document-store/mongodb-document-store.js';
import { withIdTiebreak } from '../../infrastructure/document-store/query.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';

const SEED = 20_260_701;
const RUNS = 200;
const QUERIES_PER_RUN = 12;

// Strings of one case-folding-friendly alphabet: mingo compares strings by UTF-16 units and MongoDB by
// UTF-8 bytes, which differ only beyond U+FFFF.
const strings = fc.constantFrom('', 'a', 'A', 'ab', 'b', 'B', 'ba', 'é', 'z', '1', '10', '2', 'true', 'null');
const BEYOND_2_53 = [2 ** 53 + 2, -(2 ** 53 + 2), 2 ** 60, -(2 ** 60), 2 ** 63, 2 ** 64, 1e21];
const numbers = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(-1.5, 0.5, 2.25, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.constantFrom(...BEYOND_2_53),
);
const scalars: fc.Arbitrary<Scalar> = fc.oneof(numbers, strings, fc.boolean(), fc.constant(null));
const arrays = fc.array(scalars, { maxLength: 3 });
const embedded = fc.record({ x: scalars, y: scalars }, { requiredKeys: [], noNullPrototype: true });
const embeddedWithBoth = fc.record({ x: scalars, y: scalars }, { noNullPrototype: true });

/**
 * Fields by profile: `n`, `s` and `b` hold one type (SQL answers them),
 * `m` any scalar (booleans among numbers and strings), `e` an embedded
 * document or a scalar, `a` anything, `o` an embedded document, a scalar or
 * an array of scalars (a dotted path through an array). Where mingo departs
 * from MongoDB, the generator stays clear, and the contract suite holds
 * MongoDB's answer:
 * - arrays of embedded documents: mingo does not match `{'a.b': null}` on
 *   `a: [{b: 1}, {}]`;
 * - sorts on fields holding arrays: mingo orders arrays by their sorted
 *   elements and reverses the ascending order for a descending sort, where
 *   MongoDB sorts by the smallest element ascending and the largest
 *   descending (so only `n`, `s`, `b`, `m` and `e` are sorted on);
 * - embedded documents with different fields: mingo compares their sorted
 *   field names first, MongoDB field by field (so those of `e` have both).
 * And one is rewritten for mingo (see asMongoDbMeansIt).
 */
const FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  n: fc.oneof(numbers, fc.constant(null)),
  s: fc.oneof(strings, fc.constant(null)),
  b: fc.oneof(fc.boolean(), fc.constant(null)),
  m: scalars,
  e: fc.oneof({ weight: 3, arbitrary: embeddedWithBoth }, { weight: 1, arbitrary: scalars }),
  a: fc.oneof(scalars, arrays, embedded),
  o: fc.oneof({ weight: 3, arbitrary: embedded }, { weight: 1, arbitrary: scalars }, { weight: 1, arbitrary: arrays }),
};
const PATHS = ['n', 's', 'b', 'm', 'e', 'e.x', 'e.y', 'a', 'o', 'o.x', 'o.y', 'a.x', 'gone', '_id'];
const SORT_PATHS = ['n', 's', 'b', 'm', 'e', 'e.x', 'e.y', 'gone', '_id'];

const documents: fc.Arbitrary<StoredDocument[]> = fc
  .array(fc.record(FIELDS, { requiredKeys: [], noNullPrototype: true }), { minLength: 1, maxLength: 25 })
  .map((bodies) => bodies.map((body, i) => ({ _id: `d${String(i).padStart(2, '0')}`, ...body })));

const operands: fc.Arbitrary<Scalar> = fc.oneof(scalars, fc.constantFrom('d03', 'd10'));
const patterns = fc.constantFrom('^a', 'b', 'A$', '1', '.', '^$', 'é', 'tru');

const conditions: fc.Arbitrary<unknown> = fc.oneof(
  operands,
  operands.map(($eq) => ({ $eq })),
  operands.map(($ne) => ({ $ne })),
  fc.array(operands, { maxLength: 3 }).map(($in) => ({ $in })),
  fc.array(operands, { maxLength: 3 }).map(($nin) => ({ $nin })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), operands).map(([operator, bound]) => ({ [operator]: bound })),
  fc.tuple(fc.constantFrom('$gt', '$gte'), operands, fc.constantFrom('$lt', '$lte'), operands).map(([low, lower, high, upper]) => ({ [low]: lower, [high]: upper })),
  fc.boolean().map(($exists) => ({ $exists })),
  patterns.map(($regex) => ({ $regex })),
);

const fieldFilters = fc
  .array(fc.tuple(fc.constantFrom(...PATHS), conditions), { minLength: 1, maxLength: 2 })
  .map((pairs) => Object.fromEntries(pairs) as Filter);

const { filter: filters } = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fieldFilters,
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map(($and) => ({ $and })),
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map(($or) => ({ $or })),
    fc.tuple(fieldFilters, fc.array(tie('filter'), { minLength: 1, maxLength: 2 })).map(([fields, $or]) => ({ ...fields, $or })),
    fc.constant({}),
  ),
}));

const sorts: fc.Arbitrary<SortSpec> = fc.uniqueArray(fc.tuple(fc.constantFrom(...SORT_PATHS), fc.constantFrom<1 | -1>(1, -1)), {
  maxLength: 2,
  selector: ([path]) => path,
});

interface Query {
  filter: Filter;
  options: FindOptions;
}

const queries: fc.Arbitrary<Query> = fc.record({
  filter: filters,
  options: fc.record(
    {
      sort: sorts,
      skip: fc.integer({ min: 0, max: 5 }),
      limit: fc.integer({ min: 0, max: 8 }),
    },
    { requiredKeys: ['sort'] },
  ),
});

/**
 * The filter as MongoDB sends it (toMongoFilter), in a form mingo reads as
 * MongoDB does: MongoDB matches a missing field with `$gte: null` and
 * `$lte: null` as with `$eq: null` (null is a type of its own, and missing
 * counts as null), mingo only a null. Each operator goes into an `$and` of
 * its own, which means the same, so that the rewritten one cannot collide.
 */
function asMongoDbMeansIt(filter: Document): Document {
  const parts: Document[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') parts.push({ [key]: (value as Document[]).map(asMongoDbMeansIt) });
    else if (typeof value !== 'object' || value === null) parts.push({ [key]: value });
    else {
      const { $options, ...operators } = value as Document;
      for (const [operator, operand] of Object.entries(operators)) {
        const inclusiveNull = operand === null && (operator === '$gte' || operator === '$lte');
        const condition = inclusiveNull ? { $eq: null } : { [operator]: operand, ...(operator === '$regex' ? { $options } : {}) };
        parts.push({ [key]: condition });
      }
    }
  }
  return parts.length === 0 ? {} : { $and: parts };
}

function mingoMatches(all: StoredDocument[], filter: Filter) {
  return mingoFind(all, asMongoDbMeansIt(toMongoFilter(filter)));
}

/** What MongoDB answers, as mingo computes it: the same filter, the same sort with its _id tiebreak. */
function expected(all: StoredDocument[], { filter, options }: Query): string[] {
  const sort = Object.fromEntries(withIdTiebreak(options.sort)) as Record<string, 1 | -1>;
  let cursor = mingoMatches(all, filter).sort(sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit !== undefined) cursor = cursor.limit(options.limit);
  // mingo reads limit 0 as "no documents" too; MongoDB's "no limit" is the adapter's business.
  return options.limit === 0 ? [] : cursor.all().map((document) => (document as StoredDocument)._id);
}

function matchingCount(all: StoredDocument[], filter: Filter): number {
  return mingoMatches(all, filter).all().length;
}

describe('Given random documents and random filters and sorts of the port subset', () => {
  it(`When the SQLite store answers ${RUNS} × ${QUERIES_PER_RUN} finds and counts, then it answers as MongoDB's query language does`, async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.array(queries, { minLength: QUERIES_PER_RUN, maxLength: QUERIES_PER_RUN }), async (stored, asked) => {
        const store = new SqliteDocumentStore({ path: ':memory:' });
        try {
          await store.writeBatch(stored.map((document) => ({ kind: 'upsert' as const, collection: 'docs', document })));
          const collection = store.collection('docs');
          for (const query of asked) {
            const found = (await collection.find(query.filter, query.options)).map((document) => document._id);
            expect({ query, found }).toEqual({ query, found: expected(stored, query) });
            const count = matchingCount(stored, query.filter);
            expect({ query, count: await collection.count(query.filter) }).toEqual({ query, count });
            expect({ query, capped: await collection.count(query.filter, { limit: 3 }) }).toEqual({ query, capped: Math.min(count, 3) });
          }
        } finally {
          await store.close();
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);

  it('When guarded replacements race nothing, then replaceWhere replaces exactly the documents MongoDB would match', async () => {
    await fc.assert(
      fc.asyncProperty(documents, filters, async (stored, guard) => {
        const store = new SqliteDocumentStore({ path: ':memory:' });
        try {
          await store.writeBatch(stored.map((document) => ({ kind: 'upsert' as const, collection: 'docs', document })));
          const collection = store.collection('docs');
          const matching = new Set(mingoMatches(stored, guard).all().map((document) => (document as StoredDocument)._id));
          for (const document of stored) {
            const replaced = await collection.replaceWhere({ ...document, replaced: true }, guard);
            expect({ guard, id: document._id, replaced }).toEqual({ guard, id: document._id, replaced: matching.has(document._id) });
          }
        } finally {
          await store.close();
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 60_000);
});
