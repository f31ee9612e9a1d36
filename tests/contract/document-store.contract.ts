/**
 * The document store contract: one behaviour for every adapter of
 * application/ports/document-store.ts. The expectations follow MongoDB's
 * semantics for the supported subset (null matches missing, comparisons are
 * type-strict, arrays are matched element-wise, sorts order by type first,
 * $regex ignores case); the differential test
 * (document-store.differential.test.ts) checks the same on random input. Collection names are unique per run so
 * the suite can share a real server; every collection a test touches is
 * dropped after it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Collection,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  SortSpec,
  StoredDocument,
  WriteOperation,
} from '../../application/ports/document-store.js';
import { FENCE_COUNT_FIELD, FencedWriteError } from '../../application/ports/document-store.js';
import { DuplicateKeyError, InvalidQueryError } from '../../infrastructure/document-store/query.js';

export interface DocumentStoreUnderTest {
  store: DocumentStore;
  cleanup(): Promise<void>;
}

/** Filter fixtures: mixed types, nulls, missing and nested fields. */
const MIXED: StoredDocument[] = [
  { _id: 'd1', name: 'Alpha', n: 1, flag: true, kind: 'phone', nested: { grade: 'A', score: 10 } },
  { _id: 'd2', name: 'beta', n: 2, flag: false, kind: 'tablet', nested: { grade: 'B', score: 20 } },
  { _id: 'd3', name: 'Gamma', n: '2', kind: null, nested: { grade: 'A' } },
  { _id: 'd4', n: 0, flag: 1, nested: {} },
  { _id: 'd5', name: 'alphabet', n: 10.5, flag: 'true', kind: 'phone' },
  { _id: 'd6', name: 'Delta', n: false, flag: 0 },
];

interface FilterCase {
  when: string;
  filter: Filter;
  then: string[];
}

const FILTER_CASES: FilterCase[] = [
  { when: 'an empty filter', filter: {}, then: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] },
  { when: 'a string equality', filter: { kind: 'phone' }, then: ['d1', 'd5'] },
  { when: 'a number equality (a numeric string does not match)', filter: { n: 2 }, then: ['d2'] },
  { when: 'a string equality on a field that also holds numbers', filter: { n: '2' }, then: ['d3'] },
  { when: '$eq on a decimal number', filter: { n: { $eq: 10.5 } }, then: ['d5'] },
  { when: 'equality to true (not the number 1 or the string "true")', filter: { flag: true }, then: ['d1'] },
  { when: 'equality to the number 1 (not true)', filter: { flag: 1 }, then: ['d4'] },
  { when: 'equality to false (not the number 0)', filter: { flag: false }, then: ['d2'] },
  { when: 'equality to the number 0 (not false)', filter: { n: 0 }, then: ['d4'] },
  { when: 'equality to null (null or missing)', filter: { kind: null }, then: ['d3', 'd4', 'd6'] },
  { when: '$eq null (null or missing)', filter: { kind: { $eq: null } }, then: ['d3', 'd4', 'd6'] },
  { when: '$ne a string (missing and null included)', filter: { kind: { $ne: 'phone' } }, then: ['d2', 'd3', 'd4', 'd6'] },
  { when: '$ne null (present and not null)', filter: { kind: { $ne: null } }, then: ['d1', 'd2', 'd5'] },
  { when: '$ne true', filter: { flag: { $ne: true } }, then: ['d2', 'd3', 'd4', 'd5', 'd6'] },
  { when: '$in with null (null or missing included)', filter: { kind: { $in: ['tablet', null] } }, then: ['d2', 'd3', 'd4', 'd6'] },
  { when: '$in with a number and a string', filter: { n: { $in: [1, '2'] } }, then: ['d1', 'd3'] },
  { when: '$in with true and 0 (type-strict)', filter: { flag: { $in: [true, 0] } }, then: ['d1', 'd6'] },
  { when: 'an empty $in', filter: { kind: { $in: [] } }, then: [] },
  { when: '$nin (missing and null included)', filter: { kind: { $nin: ['phone'] } }, then: ['d2', 'd3', 'd4', 'd6'] },
  { when: '$nin with null (missing excluded)', filter: { kind: { $nin: ['phone', null] } }, then: ['d2'] },
  { when: 'an empty $nin', filter: { kind: { $nin: [] } }, then: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] },
  { when: '$exists true (a null counts as present)', filter: { kind: { $exists: true } }, then: ['d1', 'd2', 'd3', 'd5'] },
  { when: '$exists false', filter: { kind: { $exists: false } }, then: ['d4', 'd6'] },
  { when: '$exists on a dotted path', filter: { 'nested.score': { $exists: true } }, then: ['d1', 'd2'] },
  { when: '$gt a number (numeric strings excluded)', filter: { n: { $gt: 1 } }, then: ['d2', 'd5'] },
  { when: '$gte a number', filter: { n: { $gte: 1 } }, then: ['d1', 'd2', 'd5'] },
  { when: '$lt a number (false excluded)', filter: { n: { $lt: 2 } }, then: ['d1', 'd4'] },
  { when: '$lte 0 (false excluded)', filter: { n: { $lte: 0 } }, then: ['d4'] },
  { when: '$lt a string (numbers excluded)', filter: { n: { $lt: 'z' } }, then: ['d3'] },
  { when: '$gte a lower-case string (binary order)', filter: { name: { $gte: 'a' } }, then: ['d2', 'd5'] },
  { when: '$lt an upper-case string', filter: { name: { $lt: 'B' } }, then: ['d1'] },
  { when: '$gt false (only true, not the number 1)', filter: { flag: { $gt: false } }, then: ['d1'] },
  { when: 'several operators on one field', filter: { n: { $gt: 0, $lt: 10 } }, then: ['d1', 'd2'] },
  { when: 'several fields (implicit AND)', filter: { kind: 'phone', flag: true }, then: ['d1'] },
  {
    when: '$and',
    filter: { $and: [{ kind: 'phone' }, { name: { $regex: '^alpha' } }] },
    then: ['d1', 'd5'],
  },
  {
    when: '$or',
    filter: { $or: [{ kind: 'tablet' }, { 'nested.grade': 'A' }] },
    then: ['d1', 'd2', 'd3'],
  },
  {
    when: 'a field condition next to $or',
    filter: { kind: 'phone', $or: [{ flag: true }, { n: { $gt: 10 } }] },
    then: ['d1', 'd5'],
  },
  {
    when: '$and nested in $or',
    filter: { $or: [{ $and: [{ n: { $gte: 1 } }, { n: { $lte: 2 } }] }, { kind: { $exists: false } }] },
    then: ['d1', 'd2', 'd4', 'd6'],
  },
  { when: '$regex in another case', filter: { name: { $regex: 'ALPHA' } }, then: ['d1', 'd5'] },
  { when: '$regex with an anchor', filter: { name: { $regex: 'a$' } }, then: ['d1', 'd2', 'd3', 'd6'] },
  { when: '$regex on a field that also holds numbers (only strings match)', filter: { n: { $regex: '2' } }, then: ['d3'] },
  { when: 'a dotted path equality', filter: { 'nested.grade': 'A' }, then: ['d1', 'd3'] },
  { when: 'a dotted path range', filter: { 'nested.score': { $gte: 15 } }, then: ['d2'] },
  {
    when: 'null on a path below a string (missing everywhere)',
    filter: { 'nested.grade.deeper': null },
    then: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'],
  },
  { when: '_id equality', filter: { _id: 'd2' }, then: ['d2'] },
  { when: '_id $in', filter: { _id: { $in: ['d1', 'd3', 'nope'] } }, then: ['d1', 'd3'] },
  { when: '_id $gt', filter: { _id: { $gt: 'd4' } }, then: ['d5', 'd6'] },
  { when: '_id $ne', filter: { _id: { $ne: 'd1' } }, then: ['d2', 'd3', 'd4', 'd5', 'd6'] },
  { when: 'an undefined condition (ignored)', filter: { kind: 'phone', name: undefined }, then: ['d1', 'd5'] },
  { when: '$gte null (null or missing, as $eq null)', filter: { kind: { $gte: null } }, then: ['d3', 'd4', 'd6'] },
  { when: '$lte null (null or missing, as $eq null)', filter: { kind: { $lte: null } }, then: ['d3', 'd4', 'd6'] },
  { when: '$gt null (nothing: null is a type of its own)', filter: { kind: { $gt: null } }, then: [] },
  { when: 'a range on an embedded document (documents are not strings)', filter: { nested: { $gt: 'a' } }, then: [] },
  { when: '$ne on an embedded document (a document is not that string)', filter: { nested: { $ne: 'x' } }, then: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] },
];

/**
 * Semantics fixtures, each with MongoDB's answers (7 and 8.0): arrays are
 * matched element-wise, comparisons stay within a type, dotted paths go into
 * the embedded documents of arrays, large integers are numbers like others.
 */
interface SemanticsCase {
  given: string;
  documents: StoredDocument[];
  cases: FilterCase[];
}

const TWO_60 = 2 ** 60;
const LARGE_INTEGERS: StoredDocument[] = [
  { _id: 'L1', n: 2 ** 53 + 2 },
  { _id: 'L2', n: TWO_60 },
  { _id: 'L3', n: -TWO_60 },
  { _id: 'L4', n: 2 ** 63 },
  { _id: 'L5', n: 1e21 },
  { _id: 'L6', n: 2 ** 53 },
  { _id: 'L7', n: TWO_60 + 256 },
];
const SEMANTICS: SemanticsCase[] = [
  {
    given: 'a field holding arrays, scalars and nothing',
    documents: [
      { _id: 't1', tags: ['x', 'y'] },
      { _id: 't2', tags: ['y'] },
      { _id: 't3', tags: [null, -3] },
      { _id: 't4', tags: [] },
      { _id: 't5', tags: 'x' },
      { _id: 't6' },
      { _id: 't7', tags: [['x']] },
      { _id: 't8', tags: [5, 'X'] },
    ],
    cases: [
      { when: 'an equality (an element matches; a nested array is no element)', filter: { tags: 'x' }, then: ['t1', 't5'] },
      { when: '$ne (no element may match)', filter: { tags: { $ne: 'x' } }, then: ['t2', 't3', 't4', 't6', 't7', 't8'] },
      { when: 'null (missing, or an element null)', filter: { tags: null }, then: ['t3', 't6'] },
      { when: '$ne null (not [null, -3])', filter: { tags: { $ne: null } }, then: ['t1', 't2', 't4', 't5', 't7', 't8'] },
      { when: '$in (any element)', filter: { tags: { $in: ['y', 5] } }, then: ['t1', 't2', 't8'] },
      { when: '$nin (no element, and not missing with null)', filter: { tags: { $nin: ['y', null] } }, then: ['t4', 't5', 't7', 't8'] },
      { when: '$gt a number (an element in range)', filter: { tags: { $gt: 0 } }, then: ['t8'] },
      { when: '$lt a number', filter: { tags: { $lt: 0 } }, then: ['t3'] },
      { when: '$gte a string (binary order: X < x)', filter: { tags: { $gte: 'x' } }, then: ['t1', 't2', 't5'] },
      { when: 'two bounds met by different elements', filter: { tags: { $gt: 4, $lt: 'a' } }, then: ['t8'] },
      { when: '$regex (an element matches, ignoring case)', filter: { tags: { $regex: '^x$' } }, then: ['t1', 't5', 't8'] },
      { when: '$exists (an empty array exists)', filter: { tags: { $exists: true } }, then: ['t1', 't2', 't3', 't4', 't5', 't7', 't8'] },
      { when: '$or over elements', filter: { $or: [{ tags: 'y' }, { tags: { $lt: 0 } }] }, then: ['t1', 't2', 't3'] },
    ],
  },
  {
    given: 'a field holding embedded documents, scalars and nothing',
    documents: [
      { _id: 'e1', nested: { grade: 'A' } },
      { _id: 'e2', nested: 'r' },
      { _id: 'e3', nested: {} },
      { _id: 'e4' },
      { _id: 'e5', nested: null },
      { _id: 'e6', nested: 5 },
    ],
    cases: [
      { when: 'a string range (only strings)', filter: { nested: { $gt: 'q' } }, then: ['e2'] },
      { when: 'a number range (only numbers)', filter: { nested: { $lt: 10 } }, then: ['e6'] },
      { when: '$ne a string', filter: { nested: { $ne: 'r' } }, then: ['e1', 'e3', 'e4', 'e5', 'e6'] },
      { when: 'null (an empty document is not null)', filter: { nested: null }, then: ['e4', 'e5'] },
      { when: '$regex (only strings)', filter: { nested: { $regex: '.' } }, then: ['e2'] },
      { when: '$exists', filter: { nested: { $exists: true } }, then: ['e1', 'e2', 'e3', 'e5', 'e6'] },
      { when: 'a dotted path', filter: { 'nested.grade': 'A' }, then: ['e1'] },
      { when: 'null on a dotted path (a scalar on the way is missing)', filter: { 'nested.grade': null }, then: ['e2', 'e3', 'e4', 'e5', 'e6'] },
    ],
  },
  {
    // MongoDB's null_query_semantics test; servers past 8.0 with SERVER-36681 also match [] and arrays of scalars with {'a.b': null}.
    given: 'a dotted path through arrays of embedded documents and of scalars',
    documents: [
      { _id: 'a_empty_subobject', a: {} },
      { _id: 'a_null', a: null },
      { _id: 'a_number', a: 4 },
      { _id: 'a_subobject_b_not_null', a: { b: 'hi' } },
      { _id: 'a_subobject_b_null', a: { b: null } },
      { _id: 'no_a' },
      { _id: 'a_double_array', a: [[]] },
      { _id: 'a_empty_array', a: [] },
      { _id: 'a_object_array_no_b_nulls', a: [{ b: 1 }, { b: 3 }, { b: 'string' }] },
      { _id: 'a_object_array_some_b_nulls', a: [{ b: null }, { b: 3 }, { b: null }] },
      { _id: 'a_object_array_some_b_missing', a: [{ b: 3 }, {}] },
      { _id: 'a_value_array_all_nulls', a: [null, null] },
      { _id: 'a_value_array_no_nulls', a: [1, 'string', 4] },
      { _id: 'a_value_array_with_null', a: [1, 'string', null, 4] },
    ],
    cases: [
      {
        when: "{'a.b': null} (a scalar on the way, or an embedded document of an array, without b)",
        filter: { 'a.b': null },
        then: ['a_empty_subobject', 'a_null', 'a_number', 'a_object_array_some_b_missing', 'a_object_array_some_b_nulls', 'a_subobject_b_null', 'no_a'],
      },
      {
        when: "{'a.b': {$ne: null}}",
        filter: { 'a.b': { $ne: null } },
        then: ['a_double_array', 'a_empty_array', 'a_object_array_no_b_nulls', 'a_subobject_b_not_null', 'a_value_array_all_nulls', 'a_value_array_no_nulls', 'a_value_array_with_null'],
      },
      {
        when: "{'a.b': {$in: [null, 75]}}",
        filter: { 'a.b': { $in: [null, 75] } },
        then: ['a_empty_subobject', 'a_null', 'a_number', 'a_object_array_some_b_missing', 'a_object_array_some_b_nulls', 'a_subobject_b_null', 'no_a'],
      },
      {
        when: "{'a.b': 3} (an embedded document of an array)",
        filter: { 'a.b': 3 },
        then: ['a_object_array_no_b_nulls', 'a_object_array_some_b_missing', 'a_object_array_some_b_nulls'],
      },
      { when: "a string range on 'a.b'", filter: { 'a.b': { $gte: 'a' } }, then: ['a_object_array_no_b_nulls', 'a_subobject_b_not_null'] },
      { when: '{a: null}', filter: { a: null }, then: ['a_null', 'a_value_array_all_nulls', 'a_value_array_with_null', 'no_a'] },
      { when: '{a: 4} (a number or an element)', filter: { a: 4 }, then: ['a_number', 'a_value_array_no_nulls', 'a_value_array_with_null'] },
    ],
  },
  {
    given: 'integers beyond 2^53',
    documents: LARGE_INTEGERS,
    cases: [
      { when: 'an equality to 2^60 (itself, not its neighbour)', filter: { n: TWO_60 }, then: ['L2'] },
      { when: 'an equality to -2^60', filter: { n: -TWO_60 }, then: ['L3'] },
      { when: 'an equality to 2^53 + 2', filter: { n: 2 ** 53 + 2 }, then: ['L1'] },
      { when: '$in', filter: { n: { $in: [TWO_60, 1e21, 2 ** 63] } }, then: ['L2', 'L4', 'L5'] },
      { when: '$gt 2^60', filter: { n: { $gt: TWO_60 } }, then: ['L4', 'L5', 'L7'] },
      { when: 'a range from 2^53 + 2 to below 2^63', filter: { n: { $gte: 2 ** 53 + 2, $lt: 2 ** 63 } }, then: ['L1', 'L2', 'L7'] },
      { when: '$ne 2^60', filter: { n: { $ne: TWO_60 } }, then: ['L1', 'L3', 'L4', 'L5', 'L6', 'L7'] },
    ],
  },
];

/** Sort fixtures: ties, a missing key and a nested key. */
const SORTABLE: StoredDocument[] = [
  { _id: 's1', grp: 'b', at: 3, meta: { rank: 2 } },
  { _id: 's2', grp: 'a', at: 1, meta: { rank: 1 } },
  { _id: 's3', grp: 'b', at: 1, meta: { rank: 3 } },
  { _id: 's4', grp: 'a', at: 2 },
  { _id: 's5', grp: 'a', at: 2 },
  { _id: 's6', at: 5 },
];

interface SortCase {
  when: string;
  options: FindOptions;
  then: string[];
}

const SORT_CASES: SortCase[] = [
  { when: 'no sort (by _id)', options: {}, then: ['s1', 's2', 's3', 's4', 's5', 's6'] },
  { when: 'ascending with ties (ties by _id ascending)', options: { sort: [['at', 1]] }, then: ['s2', 's3', 's4', 's5', 's1', 's6'] },
  { when: 'descending with ties (ties by _id descending)', options: { sort: [['at', -1]] }, then: ['s6', 's1', 's5', 's4', 's3', 's2'] },
  {
    when: 'two keys, ascending then descending (missing first)',
    options: { sort: [['grp', 1], ['at', -1]] },
    then: ['s6', 's5', 's4', 's2', 's1', 's3'],
  },
  {
    when: 'two keys, descending then ascending (missing last)',
    options: { sort: [['grp', -1], ['at', 1]] },
    then: ['s3', 's1', 's2', 's4', 's5', 's6'],
  },
  { when: 'a dotted path descending', options: { sort: [['meta.rank', -1]] }, then: ['s3', 's1', 's2', 's6', 's5', 's4'] },
  { when: '_id descending', options: { sort: [['_id', -1]] }, then: ['s6', 's5', 's4', 's3', 's2', 's1'] },
  { when: 'skip 1 and limit 2', options: { sort: [['at', 1]], skip: 1, limit: 2 }, then: ['s3', 's4'] },
  { when: 'skip only', options: { sort: [['at', 1]], skip: 5 }, then: ['s6'] },
  { when: 'limit 0', options: { sort: [['at', 1]], limit: 0 }, then: [] },
  { when: 'a skip past the end', options: { skip: 10, limit: 5 }, then: [] },
];

let runCounter = 0;

export function documentStoreContract(name: string, factory: () => Promise<DocumentStoreUnderTest>): void {
  describe(`${name} honours the document store contract`, () => {
    const runId = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}_${++runCounter}`;
    let collectionCounter = 0;
    let subject: DocumentStoreUnderTest;
    let used: string[] = [];

    const store = (): DocumentStore => subject.store;
    const newCollectionName = (): string => {
      const collectionName = `c_${runId}_${++collectionCounter}`;
      used.push(collectionName);
      return collectionName;
    };
    const fresh = <T extends StoredDocument = StoredDocument>(): Collection<T> => store().collection<T>(newCollectionName());
    const seeded = async (documents: StoredDocument[]): Promise<Collection> => {
      const collection = fresh();
      for (const document of documents) await collection.upsert(document);
      return collection;
    };
    const ids = (documents: StoredDocument[]): string[] => documents.map((document) => document._id);
    const sortedIds = (documents: StoredDocument[]): string[] => ids(documents).sort();

    beforeEach(async () => {
      subject = await factory();
      used = [];
    });

    afterEach(async () => {
      for (const collectionName of used) await subject.store.dropCollection(collectionName);
      await subject.cleanup();
    });

    describe('Given documents with mixed types, nulls, missing and nested fields', () => {
      for (const { when, filter, then } of FILTER_CASES) {
        it(`When finding with ${when}, then exactly [${then.join(', ')}] match and count agrees`, async () => {
          const collection = await seeded(MIXED);
          expect(sortedIds(await collection.find(filter))).toEqual(then);
          expect(await collection.count(filter)).toBe(then.length);
        });
      }
    });

    describe('Given documents with ties, a missing key and a nested key', () => {
      for (const { when, options, then } of SORT_CASES) {
        it(`When finding with ${when}, then the order is [${then.join(', ')}]`, async () => {
          const collection = await seeded(SORTABLE);
          expect(ids(await collection.find({}, options))).toEqual(then);
        });
      }

      it('When finding with a filter and a sort, then only matches come back, in order', async () => {
        const collection = await seeded(SORTABLE);
        expect(ids(await collection.find({ grp: 'a' }, { sort: [['at', 1]] }))).toEqual(['s2', 's4', 's5']);
      });

      it('When paging with skip and limit through a sort with ties, then every document appears exactly once', async () => {
        const collection = await seeded(SORTABLE);
        const pages = [0, 4].map((skip) => collection.find({}, { sort: [['at', -1]], skip, limit: 4 }));
        const paged = (await Promise.all(pages)).flat();
        expect(ids(paged)).toEqual(['s6', 's1', 's5', 's4', 's3', 's2']);
      });

      it('When finding or counting with an index hint, then the answer is the one without it; an index that does not exist is an error', async () => {
        const collection = await seeded(SORTABLE);
        await collection.ensureIndexes([{ name: 'by_grp_at', fields: [['grp', 1], ['at', -1], ['_id', -1]] }]);
        const options = { sort: [['at', -1]] as SortSpec, skip: 1, limit: 2 };
        const hinted = await collection.find({ grp: 'a' }, { ...options, hint: 'by_grp_at' });
        expect(ids(hinted)).toEqual(ids(await collection.find({ grp: 'a' }, options)));
        expect(ids(hinted)).toEqual(['s4', 's2']);
        expect(await collection.count({ grp: 'a' }, { hint: 'by_grp_at', limit: 10 })).toBe(3);
        await expect(collection.count({ grp: 'a' }, { hint: 'no_such_index' })).rejects.toThrow();
        await expect(collection.find({ grp: 'a' }, { ...options, hint: 'no_such_index' })).rejects.toThrow();
        await expect(collection.find({ grp: 'a' }, { ...options, hint: 'by grp; --' })).rejects.toThrow(/Invalid index hint/);
      });

      it('When the indexes are declared again without one, then that one is dropped and a hint naming it is an error', async () => {
        const collection = await seeded(SORTABLE);
        const byGrp = { name: 'by_grp', fields: [['grp', 1], ['_id', 1]] as SortSpec };
        const byAt = { name: 'by_at', fields: [['at', 1], ['_id', 1]] as SortSpec };
        await collection.ensureIndexes([byGrp, byAt]);
        expect(ids(await collection.find({ grp: 'a' }, { sort: [['at', 1]], hint: 'by_at' }))).toEqual(['s2', 's4', 's5']);
        await collection.ensureIndexes([byGrp]);
        await expect(collection.find({ grp: 'a' }, { sort: [['at', 1]], hint: 'by_at' })).rejects.toThrow();
        expect(ids(await collection.find({ grp: 'a' }, { sort: [['at', 1]], hint: 'by_grp' }))).toEqual(['s2', 's4', 's5']);
      });

      it('When counting, then the count ignores nothing and matches the filter', async () => {
        const collection = await seeded(SORTABLE);
        expect(await collection.count({})).toBe(6);
        expect(await collection.count({ grp: 'a' })).toBe(3);
        expect(await collection.count({ grp: 'zzz' })).toBe(0);
      });

      it('When counting with a limit, then the count stops at the limit and is exact below it', async () => {
        const collection = await seeded(SORTABLE);
        expect(await collection.count({}, { limit: 4 })).toBe(4);
        expect(await collection.count({}, { limit: 6 })).toBe(6);
        expect(await collection.count({}, { limit: 100 })).toBe(6);
        expect(await collection.count({ grp: 'a' }, { limit: 2 })).toBe(2);
        expect(await collection.count({ grp: 'a' }, { limit: 0 })).toBe(0);
        await expect(collection.count({}, { limit: -1 })).rejects.toThrow();
      });
    });

    describe('Given a field holding null, missing, numbers and strings', () => {
      const values: StoredDocument[] = [
        { _id: 'm1', v: 'x' },
        { _id: 'm2', v: 2 },
        { _id: 'm3', v: null },
        { _id: 'm4' },
        { _id: 'm5', v: 10 },
        { _id: 'm6', v: 'A' },
      ];

      it('When sorting ascending, then null and missing come first, then numbers, then strings', async () => {
        const collection = await seeded(values);
        expect(ids(await collection.find({}, { sort: [['v', 1]] }))).toEqual(['m3', 'm4', 'm2', 'm5', 'm6', 'm1']);
      });

      it('When sorting descending, then strings come first and null and missing last', async () => {
        const collection = await seeded(values);
        expect(ids(await collection.find({}, { sort: [['v', -1]] }))).toEqual(['m1', 'm6', 'm5', 'm2', 'm4', 'm3']);
      });
    });

    describe('Given a field holding booleans among numbers, strings and null', () => {
      const values: StoredDocument[] = [
        { _id: 'k1', v: true },
        { _id: 'k2', v: 0 },
        { _id: 'k3', v: false },
        { _id: 'k4', v: 'a' },
        { _id: 'k5', v: -1 },
        { _id: 'k6', v: null },
        { _id: 'k7' },
        { _id: 'k8', v: 1 },
      ];

      it('When sorting ascending, then types come in order (null, numbers, strings, booleans) and false does not tie with 0', async () => {
        const collection = await seeded(values);
        expect(ids(await collection.find({}, { sort: [['v', 1]] }))).toEqual(['k6', 'k7', 'k5', 'k2', 'k8', 'k4', 'k3', 'k1']);
      });

      it('When sorting descending and paging, then booleans come first and pages follow the same order', async () => {
        const collection = await seeded(values);
        expect(ids(await collection.find({}, { sort: [['v', -1]] }))).toEqual(['k1', 'k3', 'k4', 'k8', 'k2', 'k5', 'k7', 'k6']);
        expect(ids(await collection.find({ v: { $ne: 'a' } }, { sort: [['v', -1]], skip: 1, limit: 3 }))).toEqual(['k3', 'k8', 'k2']);
      });
    });

    describe('Given a field holding embedded documents, arrays and scalars', () => {
      const values: StoredDocument[] = [
        { _id: 'o1', v: { k: 1 } },
        { _id: 'o2', v: [3, 'a'] },
        { _id: 'o3', v: [] },
        { _id: 'o4', v: 'x' },
        { _id: 'o5', v: 2 },
        { _id: 'o6', v: true },
        { _id: 'o7', v: { k: 0 } },
        { _id: 'o8' },
        { _id: 'o9', v: [true] },
      ];

      it('When sorting ascending, then an array sorts by its smallest element, an empty one first, and documents after strings', async () => {
        const collection = await seeded(values);
        expect(ids(await collection.find({}, { sort: [['v', 1]] }))).toEqual(['o3', 'o8', 'o5', 'o2', 'o4', 'o7', 'o1', 'o6', 'o9']);
      });

      it('When sorting descending, then an array sorts by its largest element and an empty one last', async () => {
        const collection = await seeded(values);
        expect(ids(await collection.find({}, { sort: [['v', -1]] }))).toEqual(['o9', 'o6', 'o1', 'o7', 'o4', 'o2', 'o5', 'o8', 'o3']);
      });

      it('When sorting on a dotted path through arrays, then an array of scalars gives null and an empty array sorts first', async () => {
        const collection = await seeded([
          { _id: 'p1', o: { y: 1 } },
          { _id: 'p2', o: [''] },
          { _id: 'p3' },
          { _id: 'p4', o: [] },
          { _id: 'p5', o: [{ y: 0 }, { y: 5 }] },
        ]);
        expect(ids(await collection.find({}, { sort: [['o.y', 1]] }))).toEqual(['p4', 'p2', 'p3', 'p5', 'p1']);
        expect(ids(await collection.find({}, { sort: [['o.y', -1]] }))).toEqual(['p5', 'p1', 'p3', 'p2', 'p4']);
      });
    });

    for (const { given, documents, cases } of SEMANTICS) {
      describe(`Given ${given}`, () => {
        for (const { when, filter, then } of cases) {
          it(`When finding with ${when}, then exactly [${then.join(', ')}] match and count agrees`, async () => {
            const collection = await seeded(documents);
            expect(sortedIds(await collection.find(filter))).toEqual(then);
            expect(await collection.count(filter)).toBe(then.length);
          });
        }
      });
    }

    describe('Given integers beyond 2^53', () => {
      it('When they are read back and sorted, then each is the number written, in numeric order', async () => {
        const collection = await seeded(LARGE_INTEGERS);
        expect(await collection.get('L7')).toEqual({ _id: 'L7', n: TWO_60 + 256 });
        expect(ids(await collection.find({}, { sort: [['n', 1]] }))).toEqual(['L3', 'L6', 'L1', 'L2', 'L7', 'L4', 'L5']);
      });
    });

    describe('Given a field that held only scalars until an array arrives', () => {
      it('When querying before and after, then both answers are MongoDB\'s, and the array counts even once deleted documents leave', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'a', tags: 'x', n: 1 });
        await collection.upsert({ _id: 'b', tags: 'y', n: 2 });
        expect(ids(await collection.find({ tags: 'x' }))).toEqual(['a']);
        await collection.upsert({ _id: 'c', tags: ['x', 'z'], n: 3 });
        expect(ids(await collection.find({ tags: 'x' }, { sort: [['n', -1]] }))).toEqual(['c', 'a']);
        expect(await collection.count({ tags: { $ne: 'x' } })).toBe(1);
        expect(ids(await collection.find({ $or: [{ tags: 'z' }, { n: 2 }] }, { sort: [['tags', 1]], limit: 1 }))).toEqual(['c']);
        await collection.delete('c');
        expect(ids(await collection.find({ tags: { $in: ['x', 'y'] } }))).toEqual(['a', 'b']);
      });
    });

    describe('Given guarded replacements on an array field', () => {
      it('When the guard holds for an element, then the document is replaced; when an element breaks a $ne, it is not', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'g', tags: ['x', 'y'], v: 1 });
        expect(await collection.replaceWhere({ _id: 'g', tags: ['x'], v: 2 }, { tags: 'z' })).toBe(false);
        expect(await collection.replaceWhere({ _id: 'g', tags: ['x'], v: 2 }, { tags: 'y', v: 1 })).toBe(true);
        expect(await collection.replaceWhere({ _id: 'g', tags: ['z'], v: 3 }, { tags: { $ne: 'x' } })).toBe(false);
        expect(await collection.get('g')).toEqual({ _id: 'g', tags: ['x'], v: 2 });
      });

      it('When a guard uses $regex, then it matches as in a find', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'r', name: 'Alpha' });
        expect(await collection.replaceWhere({ _id: 'r', name: 'Beta' }, { name: { $regex: '^al' } })).toBe(true);
        expect(await collection.replaceWhere({ _id: 'r', name: 'Gamma' }, { name: { $regex: '^al' } })).toBe(false);
        expect(await collection.get('r')).toEqual({ _id: 'r', name: 'Beta' });
      });
    });

    describe('Given an empty collection', () => {
      it('When getting an unknown id, then the answer is null', async () => {
        expect(await fresh().get('missing')).toBeNull();
      });

      it('When a document is upserted, then get returns it unchanged, nested values included', async () => {
        const collection = fresh();
        const document = {
          _id: 'round-trip',
          text: 'Ünïcødé ✓ "quoted" \\ back',
          decimal: 1.5,
          negative: -3,
          largest: Number.MAX_SAFE_INTEGER,
          list: [1, 'two', { three: 3 }],
          nested: { deep: { deeper: true } },
          nothing: null,
          emptyObject: {},
          emptyList: [],
        };
        await collection.upsert(document);
        expect(await collection.get('round-trip')).toEqual(document);
      });

      it('When finding, counting, deleting or clearing, then nothing fails and nothing is found', async () => {
        const collection = fresh();
        expect(await collection.find({ a: 1 })).toEqual([]);
        expect(await collection.count({})).toBe(0);
        expect(await collection.delete('missing')).toBe(false);
        await collection.clear();
        expect(await collection.getMany(['a', 'b'])).toEqual([]);
      });

      it('When asking its name, then it is the name it was opened with', () => {
        const collectionName = newCollectionName();
        expect(store().collection(collectionName).name).toBe(collectionName);
      });
    });

    describe('Given a stored document', () => {
      it('When it is upserted again with fewer fields, then the whole document is replaced', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'r', a: 1, b: { c: 2 }, gone: 'yes' });
        await collection.upsert({ _id: 'r', a: 2 });
        expect(await collection.get('r')).toEqual({ _id: 'r', a: 2 });
        expect(await collection.count({ gone: { $exists: true } })).toBe(0);
        expect(await collection.count({})).toBe(1);
      });

      it('When it is deleted twice, then the first delete returns true and the second false', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'x', a: 1 });
        expect(await collection.delete('x')).toBe(true);
        expect(await collection.delete('x')).toBe(false);
        expect(await collection.get('x')).toBeNull();
      });
    });

    describe('Given inserts (store unless present)', () => {
      it('When a new id is inserted, then it is stored and insert answers true', async () => {
        const collection = fresh();
        expect(await collection.insert({ _id: 'claim', owner: 'a', nested: { n: 1 } })).toBe(true);
        expect(await collection.get('claim')).toEqual({ _id: 'claim', owner: 'a', nested: { n: 1 } });
      });

      it('When an existing id is inserted, then the stored document stays as it was and insert answers false', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'claim', owner: 'a' });
        expect(await collection.insert({ _id: 'claim', owner: 'b', extra: true })).toBe(false);
        expect(await collection.get('claim')).toEqual({ _id: 'claim', owner: 'a' });
      });

      it('When ten inserts of one id race, then exactly one answers true and its document is the one stored', async () => {
        const collection = fresh();
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => collection.insert({ _id: 'race', owner: `w${i}` })));
        expect(answers.filter(Boolean)).toHaveLength(1);
        const winner = answers.indexOf(true);
        expect(await collection.get('race')).toEqual({ _id: 'race', owner: `w${winner}` });
      });

      it('When a document holding only its id is inserted, then it is stored', async () => {
        const collection = fresh();
        expect(await collection.insert({ _id: 'bare' })).toBe(true);
        expect(await collection.get('bare')).toEqual({ _id: 'bare' });
      });

      it('When a batch inserts a new and an existing id, then only the new one is stored and the existing one is kept', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'old', v: 1 });
        await store().writeBatch([
          { kind: 'insert', collection: collection.name, document: { _id: 'old', v: 2 } },
          { kind: 'insert', collection: collection.name, document: { _id: 'new', v: 2 } },
          { kind: 'upsert', collection: collection.name, document: { _id: 'other', v: 3 } },
        ]);
        expect(await collection.find({}, { sort: [['_id', 1]] })).toEqual([
          { _id: 'new', v: 2 },
          { _id: 'old', v: 1 },
          { _id: 'other', v: 3 },
        ]);
      });
    });

    describe('Given guarded replacements (compare-and-set)', () => {
      it('When the stored document matches the guard, then it is replaced and replaceWhere answers true', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'claim', state: 'in_progress', at: '2026-01-01', extra: 1 });
        expect(await collection.replaceWhere({ _id: 'claim', state: 'in_progress', at: '2026-02-01' }, { state: 'in_progress', at: '2026-01-01' })).toBe(true);
        expect(await collection.get('claim')).toEqual({ _id: 'claim', state: 'in_progress', at: '2026-02-01' });
      });

      it('When the stored document no longer matches, or is missing, then nothing changes and replaceWhere answers false', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'claim', state: 'done', at: '2026-01-01' });
        expect(await collection.replaceWhere({ _id: 'claim', state: 'in_progress' }, { state: 'in_progress' })).toBe(false);
        expect(await collection.get('claim')).toEqual({ _id: 'claim', state: 'done', at: '2026-01-01' });
        expect(await collection.replaceWhere({ _id: 'absent', v: 1 }, {})).toBe(false);
        expect(await collection.get('absent')).toBeNull();
      });

      it('When ten replacements guarded by the same state race, then exactly one answers true and its document is the one stored', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'race', version: 0 });
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => collection.replaceWhere({ _id: 'race', version: 1, owner: `w${i}` }, { version: 0 })),
        );
        expect(answers.filter(Boolean)).toHaveLength(1);
        expect(await collection.get('race')).toEqual({ _id: 'race', version: 1, owner: `w${answers.indexOf(true)}` });
      });

      it('When the replacement is identical to the stored document, then it still answers true', async () => {
        const collection = fresh();
        await collection.upsert({ _id: 'same', v: 1 });
        expect(await collection.replaceWhere({ _id: 'same', v: 1 }, { v: 1 })).toBe(true);
      });
    });

    describe('Given several stored documents', () => {
      it('When getting many ids, some unknown, then exactly the existing ones come back', async () => {
        const collection = await seeded(MIXED);
        expect(sortedIds(await collection.getMany(['d3', 'nope', 'd1']))).toEqual(['d1', 'd3']);
        expect(await collection.getMany([])).toEqual([]);
      });

      it('When getting 1,500 ids of which 1,200 exist, then all 1,200 come back', async () => {
        const collectionName = newCollectionName();
        const documents = Array.from({ length: 1200 }, (_, i) => ({ _id: `doc-${i}`, i }));
        await store().writeBatch(documents.map((document) => ({ kind: 'upsert', collection: collectionName, document })));
        const wanted = [...ids(documents), ...Array.from({ length: 300 }, (_, i) => `missing-${i}`)];
        const found = await store().collection(collectionName).getMany(wanted);
        expect(found).toHaveLength(1200);
        expect(new Set(ids(found))).toEqual(new Set(ids(documents)));
      });
    });

    describe('Given a batch of writes over two collections', () => {
      it('When it is written, then upserts and deletes apply in order', async () => {
        const first = fresh();
        const second = fresh();
        await first.upsert({ _id: 'keep', v: 0 });
        await first.upsert({ _id: 'gone', v: 0 });
        await store().writeBatch([
          { kind: 'upsert', collection: first.name, document: { _id: 'x', v: 1 } },
          { kind: 'upsert', collection: second.name, document: { _id: 'y', v: 1 } },
          { kind: 'delete', collection: first.name, id: 'gone' },
          { kind: 'upsert', collection: first.name, document: { _id: 'x', v: 2 } },
          { kind: 'delete', collection: second.name, id: 'never-existed' },
          { kind: 'upsert', collection: first.name, document: { _id: 'temporary', v: 1 } },
          { kind: 'delete', collection: first.name, id: 'temporary' },
        ]);
        expect(await first.find({})).toEqual([
          { _id: 'keep', v: 0 },
          { _id: 'x', v: 2 },
        ]);
        expect(await second.find({})).toEqual([{ _id: 'y', v: 1 }]);
      });

      it('When the batch is empty, then nothing happens', async () => {
        await expect(store().writeBatch([])).resolves.toBeUndefined();
      });

      it('When one operation names an invalid collection, then the batch is refused before anything is written', async () => {
        const collection = fresh();
        const batch = store().writeBatch([
          { kind: 'upsert', collection: collection.name, document: { _id: 'a' } },
          { kind: 'upsert', collection: 'Not-Valid', document: { _id: 'b' } },
        ]);
        await expect(batch).rejects.toThrow(InvalidQueryError);
        expect(await collection.get('a')).toBeNull();
      });
    });

    describe('Given a batch guarded by an expected value (a lease\'s fencing token)', () => {
      const guarded = (leases: string, documents: string, token: number): WriteOperation[] => [
        { kind: 'expect', collection: leases, id: 'projector', field: 'token', value: token },
        { kind: 'upsert', collection: documents, document: { _id: 'd', v: token } },
        { kind: 'upsert', collection: leases, document: { _id: 'other', seen: token } },
      ];

      it('When the document holds the value, then the batch is written, the guarded document unchanged', async () => {
        const leases = await seeded([{ _id: 'projector', token: 3, holder: 'a' }]);
        const documents = fresh();
        await store().writeBatch(guarded(leases.name, documents.name, 3));
        expect(await documents.get('d')).toEqual({ _id: 'd', v: 3 });
        expect(withoutFenceCount(await leases.get('projector'))).toEqual({ _id: 'projector', token: 3, holder: 'a' });
        expect(await leases.get('other')).toEqual({ _id: 'other', seen: 3 });
      });

      it('When it holds another value (a newer holder took over) or is missing, then the batch is refused and nothing of it is written', async () => {
        const leases = await seeded([{ _id: 'projector', token: 4, holder: 'b' }]);
        const documents = fresh();
        await expect(store().writeBatch(guarded(leases.name, documents.name, 3))).rejects.toThrow(FencedWriteError);
        const empty = fresh();
        await expect(store().writeBatch(guarded(empty.name, documents.name, 3))).rejects.toThrow(FencedWriteError);
        expect(await documents.find({})).toEqual([]);
        expect((await leases.find({})).map(withoutFenceCount)).toEqual([{ _id: 'projector', token: 4, holder: 'b' }]);
      });

      it('When guarded batches race a takeover that changes the token, then every batch written came before the takeover and none after', async () => {
        const leases = await seeded([{ _id: 'projector', token: 1, holder: 'a' }]);
        const documents = fresh();
        const batch = (n: number): WriteOperation[] => [
          { kind: 'expect', collection: leases.name, id: 'projector', field: 'token', value: 1 },
          { kind: 'upsert', collection: documents.name, document: { _id: `b${n}`, n } },
        ];
        const outcomes = Promise.allSettled(Array.from({ length: 20 }, (_, n) => store().writeBatch(batch(n))));
        // What is written when the takeover returns: a batch checked before it may not land after it.
        const takeover = leases.replaceWhere({ _id: 'projector', token: 2, holder: 'b' }, { token: 1 }).then(async (done) => ({ done, seen: await documents.count({}) }));
        const [settled, tookOver] = await Promise.all([outcomes, takeover]);
        expect(tookOver.done).toBe(true);
        expect(await documents.count({})).toBe(tookOver.seen);
        // After the takeover, a batch of the old token is refused: every refusal is a fencing one, and each batch is whole or absent.
        for (const outcome of settled) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(FencedWriteError);
        const written = (await documents.find({})).map((document) => document._id);
        expect(written.length).toBe(settled.filter((outcome) => outcome.status === 'fulfilled').length);
        await expect(store().writeBatch(batch(99))).rejects.toThrow(FencedWriteError);
      });

      it('When a write of a guarded batch fails (a duplicate on a unique index), then nothing of the batch is written', async () => {
        const leases = await seeded([{ _id: 'projector', token: 1 }]);
        const first = fresh();
        const unique = fresh();
        await unique.ensureIndexes([{ name: 'by_email', fields: [['email', 1]], unique: true }]);
        await unique.upsert({ _id: 'u1', email: 'a@example.test' });
        const batch = store().writeBatch([
          { kind: 'expect', collection: leases.name, id: 'projector', field: 'token', value: 1 },
          { kind: 'upsert', collection: first.name, document: { _id: 'x', v: 1 } },
          { kind: 'upsert', collection: unique.name, document: { _id: 'u2', email: 'a@example.test' } },
        ]);
        await expect(batch).rejects.toThrow(DuplicateKeyError);
        expect(await first.get('x')).toBeNull();
        expect(await unique.get('u2')).toBeNull();
      });

      it('When the expected field is not a top-level name, then the batch is refused as an invalid query', async () => {
        const leases = await seeded([{ _id: 'projector', token: 1 }]);
        await expect(store().writeBatch([{ kind: 'expect', collection: leases.name, id: 'projector', field: 'a.b', value: 1 }])).rejects.toThrow(InvalidQueryError);
      });
    });

    describe('Given a unique index on email', () => {
      const uniqueEmail = [{ name: 'by_email', fields: [['email', 1]] as [string, 1][], unique: true }];

      it('When a second document takes the same email, then the upsert is rejected with DuplicateKeyError', async () => {
        const collection = fresh();
        await collection.ensureIndexes(uniqueEmail);
        await collection.upsert({ _id: 'u1', email: 'a@example.com' });
        await expect(collection.upsert({ _id: 'u2', email: 'a@example.com' })).rejects.toThrow(DuplicateKeyError);
        expect(await collection.get('u2')).toBeNull();
      });

      it('When the same document is upserted again with its own email, then it is accepted', async () => {
        const collection = fresh();
        await collection.ensureIndexes(uniqueEmail);
        await collection.upsert({ _id: 'u1', email: 'a@example.com', v: 1 });
        await collection.upsert({ _id: 'u1', email: 'a@example.com', v: 2 });
        expect(await collection.get('u1')).toEqual({ _id: 'u1', email: 'a@example.com', v: 2 });
      });

      it('When a batch writes a duplicate, then the batch is rejected with DuplicateKeyError', async () => {
        const collection = fresh();
        await collection.ensureIndexes(uniqueEmail);
        await collection.upsert({ _id: 'u1', email: 'a@example.com' });
        const batch = store().writeBatch([
          { kind: 'upsert', collection: collection.name, document: { _id: 'u2', email: 'a@example.com' } },
        ]);
        await expect(batch).rejects.toThrow(DuplicateKeyError);
      });

      it('When indexes are ensured again, then nothing changes and the index still holds', async () => {
        const collection = fresh();
        await collection.ensureIndexes(uniqueEmail);
        await collection.ensureIndexes([...uniqueEmail, { name: 'by_grp_at', fields: [['grp', 1], ['at', -1]] }]);
        await collection.ensureIndexes([...uniqueEmail, { name: 'by_grp_at', fields: [['grp', 1], ['at', -1]] }]);
        await collection.upsert({ _id: 'u1', email: 'a@example.com' });
        await expect(collection.upsert({ _id: 'u2', email: 'a@example.com' })).rejects.toThrow(DuplicateKeyError);
      });

      it('When the collection is cleared, then it is empty and the index still holds', async () => {
        const collection = fresh();
        await collection.ensureIndexes(uniqueEmail);
        await collection.upsert({ _id: 'u1', email: 'a@example.com' });
        await collection.upsert({ _id: 'u2', email: 'b@example.com' });
        await collection.clear();
        expect(await collection.count({})).toBe(0);
        await collection.upsert({ _id: 'u3', email: 'c@example.com' });
        await expect(collection.upsert({ _id: 'u4', email: 'c@example.com' })).rejects.toThrow(DuplicateKeyError);
      });

      it('When the collection is dropped, then its documents and its index are gone', async () => {
        const collection = fresh();
        await collection.ensureIndexes(uniqueEmail);
        await collection.upsert({ _id: 'u1', email: 'a@example.com' });
        await store().dropCollection(collection.name);
        expect(await collection.get('u1')).toBeNull();
        expect(await collection.count({})).toBe(0);
        await collection.upsert({ _id: 'u2', email: 'a@example.com' });
        await collection.upsert({ _id: 'u3', email: 'a@example.com' });
        expect(await collection.count({ email: 'a@example.com' })).toBe(2);
      });
    });

    describe('Given a live collection with an index, and its replacement built beside it (blue-green)', () => {
      const byStatus: IndexSpec[] = [{ name: 'by_status', fields: [['status', 1], ['_id', 1]] }];
      const built = async (): Promise<{ live: Collection; shadow: Collection }> => {
        const live = fresh();
        const shadow = fresh();
        await live.ensureIndexes(byStatus);
        await store().writeBatch(['a', 'b'].map((id) => ({ kind: 'upsert', collection: live.name, document: { _id: id, status: 'old' } })));
        await store().writeBatch(['a', 'c', 'd'].map((id) => ({ kind: 'upsert', collection: shadow.name, document: { _id: id, status: 'new', tags: [id] } })));
        await shadow.ensureIndexes(byStatus);
        return { live, shadow };
      };

      it('When the replacement takes its place, then readers see every new document, by the index too, and the replacement is gone', async () => {
        const { live, shadow } = await built();
        await store().replaceCollection(live.name, shadow.name);
        expect(sortedIds(await live.find({}))).toEqual(['a', 'c', 'd']);
        expect(sortedIds(await live.find({ status: 'new' }, { hint: 'by_status', sort: [['status', 1]] }))).toEqual(['a', 'c', 'd']);
        expect(await live.count({ status: 'old' }, { hint: 'by_status' })).toBe(0);
        expect(sortedIds(await live.find({ tags: 'c' }))).toEqual(['c']);
        expect(await shadow.count({})).toBe(0);
      });

      it('When reads run all through the replacement, then each sees the old documents or the new ones, never none nor a mix', async () => {
        const { live, shadow } = await built();
        const reads: Array<Promise<string[]>> = [];
        const swapped = store().replaceCollection(live.name, shadow.name);
        for (let i = 0; i < 20; i++) reads.push(live.find({}).then(sortedIds));
        await swapped;
        for (const read of await Promise.all(reads)) expect([['a', 'b'], ['a', 'c', 'd']]).toContainEqual(read);
      });

      it('When it is replaced again by a second replacement, then the declared index is still known by its name and re-declaring keeps it', async () => {
        const { live, shadow } = await built();
        await store().replaceCollection(live.name, shadow.name);
        const second = fresh();
        await second.upsert({ _id: 'e', status: 'newer' });
        await second.ensureIndexes(byStatus);
        await store().replaceCollection(live.name, second.name);
        await live.ensureIndexes(byStatus);
        expect(ids(await live.find({ status: 'newer' }, { hint: 'by_status' }))).toEqual(['e']);
        await live.upsert({ _id: 'f', status: 'newer' });
        expect(await live.count({ status: 'newer' }, { hint: 'by_status' })).toBe(2);
      });

      it('When a collection never written replaces it, then it is empty, and a collection cannot replace itself', async () => {
        const { live } = await built();
        await store().replaceCollection(live.name, newCollectionName());
        expect(await live.count({})).toBe(0);
        await expect(store().replaceCollection(live.name, live.name)).rejects.toThrow(InvalidQueryError);
      });
    });

    describe('Given a collection that was never written', () => {
      it('When it is dropped, then nothing fails', async () => {
        await expect(store().dropCollection(newCollectionName())).resolves.toBeUndefined();
      });
    });

    describe('Given invalid names and queries', () => {
      it.each(['Upper', '1starts_with_digit', 'has-dash', 'has.dot', '', 'sqlite_reserved', 'with space'])(
        'When opening the collection %j, then it is refused as an invalid collection name',
        (badName) => {
          expect(() => store().collection(badName)).toThrow(InvalidQueryError);
          expect(() => store().collection(badName)).toThrow(/collection name/);
        },
      );

      const invalid: Array<{ when: string; filter: Filter; error: RegExp }> = [
        { when: 'an unknown field operator', filter: { n: { $elemMatch: { a: 1 } } as never }, error: /Unsupported query operator \$elemMatch on "n"/ },
        { when: 'an unknown top-level operator', filter: { $nor: [{ a: 1 }] } as Filter, error: /Unsupported query operator \$nor/ },
        { when: '$where', filter: { $where: 'true' } as Filter, error: /Unsupported query operator \$where/ },
        { when: 'a path with a dash', filter: { 'a-b': 1 }, error: /Invalid field path "a-b"/ },
        { when: 'a path with an empty segment', filter: { 'a..b': 1 }, error: /Invalid field path "a\.\.b"/ },
        { when: 'a path with a quote', filter: { "a'b": 1 }, error: /Invalid field path/ },
        { when: 'an embedded document equality', filter: { nested: { grade: 'A' } } as Filter, error: /embedded document/ },
        { when: 'an empty $or', filter: { $or: [] }, error: /\$or needs a non-empty array/ },
        { when: 'an invalid $regex', filter: { name: { $regex: '(' } }, error: /Invalid \$regex/ },
        { when: '$in with a non-array', filter: { n: { $in: 'x' as never } }, error: /\$in on "n" needs an array/ },
        { when: 'an array value', filter: { n: [1, 2] as never }, error: /needs a string, a finite number, a boolean or null/ },
        { when: 'an array inside $in', filter: { n: { $in: [[1]] as never } }, error: /\$in on "n" needs a string, a finite number, a boolean or null/ },
        { when: 'an embedded document as $eq operand', filter: { n: { $eq: { a: 1 } as never } }, error: /\$eq on "n" needs a string, a finite number, a boolean or null/ },
        { when: 'an array as a range bound', filter: { n: { $gt: [1] as never } }, error: /\$gt on "n" needs a string, a finite number, a boolean or null/ },
        { when: '$exists with a non-boolean', filter: { n: { $exists: 1 as never } }, error: /\$exists on "n" needs true or false/ },
      ];
      for (const { when, filter, error } of invalid) {
        it(`When finding and counting with ${when}, then both are rejected with a clear error`, async () => {
          const collection = fresh();
          await expect(collection.find(filter)).rejects.toThrow(InvalidQueryError);
          await expect(collection.find(filter)).rejects.toThrow(error);
          await expect(collection.count(filter)).rejects.toThrow(error);
        });
      }

      it('When sorting on an invalid path or direction, then the find is rejected', async () => {
        const collection = fresh();
        await expect(collection.find({}, { sort: [['a b', 1]] })).rejects.toThrow(/Invalid field path "a b"/);
        await expect(collection.find({}, { sort: [['a', 2 as never]] })).rejects.toThrow(/Invalid sort direction/);
        await expect(collection.find({}, { limit: -1 })).rejects.toThrow(/limit must be a non-negative integer/);
      });

      it('When upserting a document without a string _id, then it is rejected', async () => {
        const collection = fresh();
        await expect(collection.upsert({ _id: '' })).rejects.toThrow(/non-empty string _id/);
        await expect(collection.upsert({ _id: 5 } as never)).rejects.toThrow(InvalidQueryError);
      });

      it('When ensuring an index with an invalid name or path, then it is rejected', async () => {
        const collection = fresh();
        await expect(collection.ensureIndexes([{ name: 'bad name', fields: [['a', 1]] }])).rejects.toThrow(/Invalid index name/);
        await expect(collection.ensureIndexes([{ name: 'ok', fields: [['a-b', 1]] }])).rejects.toThrow(/Invalid field path/);
      });
    });
  });
}

/** A document as its owner wrote it: MongoDB's count of the batches it guarded left out (see FENCE_COUNT_FIELD). */
function withoutFenceCount<T extends object | null>(document: T): T {
  if (!document) return document;
  const { [FENCE_COUNT_FIELD]: _counted, ...owned } = document as Record<string, unknown>;
  return owned as T;
}
