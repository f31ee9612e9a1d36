/**
 * The document store contract: one behaviour for every adapter of
 * application/ports/document-store.ts. The expectations follow MongoDB's
 * semantics for the supported subset (null matches missing, comparisons are
 * type-strict, $regex ignores case). Collection names are unique per run so
 * the suite can share a real server; every collection a test touches is
 * dropped after it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Collection,
  DocumentStore,
  Filter,
  FindOptions,
  StoredDocument,
} from '../../application/ports/document-store.js';
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
