import { describe, expect, it } from 'vitest';
import {
  checkIndexes,
  checkShapes,
  missingIndex,
  readIndexConfig,
  type IndexConfig,
} from '../../../scripts/deploy-check/indexes';
import {
  extractQueryShapes,
  productSources,
  type QueryShape,
} from '../../../scripts/deploy-check/query-shapes';

const shapes = extractQueryShapes(productSources(process.cwd())).shapes;

describe('the Firestore indexes of the queries the code makes', () => {
  it('has an index for every query in functions, core, dashboard and the extension', () => {
    expect(checkIndexes()).toEqual([]);
  });

  it('reads the queries of every runtime', () => {
    const dirs = new Set(shapes.map((s) => s.at.split('/')[0]));
    expect([...dirs].sort()).toEqual(['core', 'dashboard', 'entrypoints', 'functions']);
  });

  const config = readIndexConfig();
  it.each(
    config.indexes.map(
      (ix, i) => [ix.collectionGroup, ix.fields.map((f) => f.fieldPath).join(', '), i] as const,
    ),
  )('fails when the %s (%s) index is removed', (_group, _fields, i) => {
    const without: IndexConfig = { ...config, indexes: config.indexes.filter((_, j) => j !== i) };
    const problems = checkShapes(shapes, without);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.message).toMatch(/needs a composite index/);
  });
});

function shape(partial: Partial<QueryShape>): QueryShape {
  return {
    at: 'x.ts:1',
    collectionGroup: 'posts',
    queryScope: 'COLLECTION',
    filters: [],
    orderBy: [],
    ...partial,
  };
}

const eq = (fieldPath: string) => ({ fieldPath, op: '==' });
const asc = (fieldPath: string) => ({ fieldPath, direction: 'ASCENDING' as const });
const desc = (fieldPath: string) => ({ fieldPath, direction: 'DESCENDING' as const });
const composite = (
  fields: [string, 'ASCENDING' | 'DESCENDING'][],
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP' = 'COLLECTION',
) => ({
  collectionGroup: 'posts',
  queryScope,
  fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })),
});

describe("Firestore's rules for when a query needs an index", () => {
  const none: IndexConfig = { indexes: [] };
  it.each([
    ['one equality filter', shape({ filters: [eq('a')] })],
    ['equality filters on several fields (merged)', shape({ filters: [eq('a'), eq('b')] })],
    ['a sort on one field', shape({ orderBy: [desc('a')] })],
    [
      'a range and a sort on the same field',
      shape({ filters: [{ fieldPath: 'a', op: '<' }], orderBy: [asc('a')] }),
    ],
    ['document ids in a list', shape({ filters: [{ fieldPath: '__name__', op: 'in' }] })],
  ])('serves %s from the automatic single-field indexes', (_name, q) => {
    expect(missingIndex(q, none)).toBeNull();
  });

  it.each([
    [
      'an equality filter and a sort on another field',
      shape({ filters: [eq('a')], orderBy: [desc('b')] }),
    ],
    ['an equality and a range filter', shape({ filters: [eq('a'), { fieldPath: 'b', op: '<=' }] })],
    [
      'an in filter and a sort',
      shape({ filters: [{ fieldPath: 'a', op: 'in' }], orderBy: [asc('b')] }),
    ],
    ['sorts on two fields', shape({ orderBy: [asc('a'), desc('b')] })],
    [
      'a range on one field sorted by another',
      shape({ filters: [{ fieldPath: 'a', op: '>' }], orderBy: [asc('b')] }),
    ],
  ])('needs a composite index for %s', (_name, q) => {
    expect(missingIndex(q, none)).toMatch(/needs a composite index/);
  });

  it('needs an override for a filter in a collection group query (no automatic collection group indexes)', () => {
    const q = shape({ queryScope: 'COLLECTION_GROUP', filters: [eq('a')] });
    expect(missingIndex(q, none)).toMatch(/single-field index .*COLLECTION_GROUP/);
    const withOverride: IndexConfig = {
      indexes: [],
      fieldOverrides: [
        {
          collectionGroup: 'posts',
          fieldPath: 'a',
          indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }],
        },
      ],
    };
    expect(missingIndex(q, withOverride)).toBeNull();
  });

  it('honours a field exempted from indexing (a TTL field with no indexes)', () => {
    const exempt: IndexConfig = {
      indexes: [],
      fieldOverrides: [
        { collectionGroup: 'posts', fieldPath: 'expiresAt', ttl: true, indexes: [] },
      ],
    };
    expect(missingIndex(shape({ filters: [{ fieldPath: 'expiresAt', op: '<' }] }), exempt)).toMatch(
      /single-field index/,
    );
  });

  it('matches the composite index field by field, direction and scope', () => {
    const q = shape({ filters: [eq('a')], orderBy: [desc('b')] });
    expect(
      missingIndex(q, {
        indexes: [
          composite([
            ['a', 'ASCENDING'],
            ['b', 'DESCENDING'],
          ]),
        ],
      }),
    ).toBeNull();
    expect(
      missingIndex(q, {
        indexes: [
          composite([
            ['a', 'ASCENDING'],
            ['b', 'ASCENDING'],
          ]),
        ],
      }),
    ).not.toBeNull();
    expect(
      missingIndex(q, {
        indexes: [
          composite([
            ['b', 'DESCENDING'],
            ['a', 'ASCENDING'],
          ]),
        ],
      }),
    ).not.toBeNull();
    expect(
      missingIndex(q, {
        indexes: [
          composite(
            [
              ['a', 'ASCENDING'],
              ['b', 'DESCENDING'],
            ],
            'COLLECTION_GROUP',
          ),
        ],
      }),
    ).not.toBeNull();
  });

  it('orders a range field after the explicit sorts, as Firestore does', () => {
    const q = shape({ filters: [eq('a'), { fieldPath: 'c', op: '<' }] });
    expect(
      missingIndex(q, {
        indexes: [
          composite([
            ['a', 'ASCENDING'],
            ['c', 'ASCENDING'],
          ]),
        ],
      }),
    ).toBeNull();
  });

  it('merges composite indexes that end in the same sort', () => {
    const q = shape({ filters: [eq('a'), eq('b')], orderBy: [asc('c')] });
    const ac = composite([
      ['a', 'ASCENDING'],
      ['c', 'ASCENDING'],
    ]);
    const bc = composite([
      ['b', 'ASCENDING'],
      ['c', 'ASCENDING'],
    ]);
    expect(missingIndex(q, { indexes: [ac, bc] })).toBeNull();
    expect(missingIndex(q, { indexes: [ac] })).toMatch(/needs a composite index/);
  });
});

function read(text: string, path = 'dashboard/x.ts') {
  return extractQueryShapes([{ path, text }]);
}

const client =
  "import { collection, collectionGroup, limit, orderBy, query, where } from 'firebase/firestore';\n";

describe('reading query shapes from the code', () => {
  it('reads a client query with its collection, filters and sorts', () => {
    const { shapes: out } = read(
      `${client}export const q = (db, uid) => query(collection(db, 'users', uid, 'posts'), where('a', '==', 1), orderBy('b', 'desc'), limit(3));`,
    );
    expect(out).toEqual([
      shape({ at: 'dashboard/x.ts:2', filters: [eq('a')], orderBy: [desc('b')] }),
    ]);
  });

  it('reads every variant of conditional and pushed constraints', () => {
    const { shapes: out } = read(`${client}
function f(db, t, to) {
  const filters = t === 'all' ? [] : [where('type', '==', t)];
  const more = [orderBy('createdAt', 'desc')];
  if (to) more.push(where('createdAt', '<', to));
  return query(collection(db, 'posts'), ...filters, ...more);
}`);
    expect(out.map((s) => s.filters.map((f) => f.fieldPath).join())).toEqual([
      '',
      'createdAt',
      'type',
      'type,createdAt',
    ]);
  });

  it('reads the constraints callers pass to a query helper', () => {
    const { shapes: out } = read(`${client}
export function page(db, ...rest) { return query(collection(db, 'posts'), orderBy('b'), ...rest); }
page(db, limit(2));
page(db, where('a', '==', 1));`);
    expect(out.map((s) => s.filters.length)).toEqual([0, 1]);
  });

  it('reads an Admin SDK chain through a variable and a collection constant', () => {
    const { shapes: out } = read(
      `const collections = { posts: 'posts' } as const;
function f(db) {
  const posts = db.collectionGroup(collections.posts);
  return posts.where('status', '==', 'x').where('at', '<=', 1).orderBy('at').limit(5).get();
}`,
      'functions/src/x.ts',
    );
    expect(out).toEqual([
      shape({
        at: 'functions/src/x.ts:4',
        queryScope: 'COLLECTION_GROUP',
        filters: [eq('status'), { fieldPath: 'at', op: '<=' }],
        orderBy: [asc('at')],
      }),
    ]);
  });

  it.each([
    [
      'a field from a variable',
      `${client}const q = (db, f) => query(collection(db, 'posts'), where(f, '==', 1));`,
    ],
    [
      'constraints from an unknown helper',
      `${client}const q = (db) => query(collection(db, 'posts'), byOwner());`,
    ],
    [
      'a reassigned Admin SDK query',
      'function f(db) { let q = db.collection("posts"); q = q.where("a", "==", 1); q.orderBy("b").get(); }',
    ],
  ])('reports %s as unreadable, so the check fails', (_name, text) => {
    expect(read(text).unreadable.length).toBeGreaterThan(0);
  });
});
