import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  extractQueryShapes,
  productSources,
  type Direction,
  type QueryScope,
  type QueryShape,
} from './query-shapes';

// Does firestore.indexes.json hold an index for every query the code makes? The emulator answers every
// query without one, so a missing index shows only in production (FAILED_PRECONDITION). The rules are
// Firestore's (https://firebase.google.com/docs/firestore/query-data/index-overview):
// - single-field indexes (ascending, descending, array-contains) are automatic for collection scope,
//   unless a field override (exemption) in fieldOverrides replaces them; collection group scope has
//   none unless an override adds them;
// - equality filters (==, in, array-contains...) alone merge single-field indexes;
// - a query that also sorts or range-filters needs a composite index: its equality fields (any order),
//   then its sort order (explicit orderBy, then the range fields it does not sort by), each field in
//   its direction; several such indexes merge when each ends in that same sort order.

export interface Problem {
  check: 'indexes' | 'ttl';
  message: string;
}

export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface IndexConfig {
  indexes: { collectionGroup: string; queryScope?: QueryScope; fields: IndexField[] }[];
  fieldOverrides?: {
    collectionGroup: string;
    fieldPath: string;
    ttl?: boolean;
    indexes: { order?: Direction; arrayConfig?: 'CONTAINS'; queryScope?: QueryScope }[];
  }[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));

const equalityOps = new Set(['==', 'in']);
const arrayOps = new Set(['array-contains', 'array-contains-any']);
const rangeOps = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);

export function readIndexConfig(dir = root): IndexConfig {
  return JSON.parse(readFileSync(join(dir, 'firestore.indexes.json'), 'utf8')) as IndexConfig;
}

/** Every problem with the indexes of the queries in the repository at `dir` (empty when all is well). */
export function checkIndexes(dir = root): Problem[] {
  const { shapes, unreadable } = extractQueryShapes(productSources(dir));
  return [
    ...unreadable.map((u) => ({
      check: 'indexes' as const,
      message: `${u.at}: cannot read this Firestore query's shape (${u.reason}); write its collection, fields and operators out`,
    })),
    ...checkShapes(shapes, readIndexConfig(dir)),
  ];
}

export function checkShapes(shapes: QueryShape[], config: IndexConfig): Problem[] {
  const problems: Problem[] = [];
  for (const shape of shapes) {
    const missing = missingIndex(shape, config);
    if (missing) problems.push({ check: 'indexes', message: `${shape.at}: ${missing}` });
  }
  return problems;
}

/** How a field is indexed; an equality filter takes either order. */
type Mode = { order?: Direction } | { arrayConfig: 'CONTAINS' };

/** What the query needs that the config lacks, in words, or null when the config serves it. */
export function missingIndex(shape: QueryShape, config: IndexConfig): string | null {
  const { collectionGroup, queryScope } = shape;
  const equality = new Map<string, 'order' | 'contains'>();
  for (const f of shape.filters) {
    if (equalityOps.has(f.op)) equality.set(f.fieldPath, 'order');
    else if (arrayOps.has(f.op)) equality.set(f.fieldPath, 'contains');
    else if (!rangeOps.has(f.op)) return `unknown operator ${f.op}`;
  }
  const order = sortOrder(shape).filter((o) => o.fieldPath !== '__name__');
  for (const o of order) if (equality.get(o.fieldPath) === 'order') equality.delete(o.fieldPath);
  const label = `${collectionGroup} (${queryScope === 'COLLECTION' ? 'collection' : 'collection group'})`;

  if (order.length === 0 || (order.length === 1 && equality.size === 0)) {
    const needs: [string, Mode][] = [
      ...[...equality].map(([field, mode]): [string, Mode] => [
        field,
        mode === 'contains' ? { arrayConfig: 'CONTAINS' } : {},
      ]),
      ...order.map((o): [string, Mode] => [o.fieldPath, { order: o.direction }]),
    ];
    const lacking = needs.filter(
      ([field, mode]) => !singleField(config, collectionGroup, field, queryScope, mode),
    );
    if (lacking.length === 0) return null;
    // A composite index that starts with the field serves it too.
    const servedByComposite = lacking.every(([field, mode]) =>
      config.indexes.some(
        (ix) =>
          ix.collectionGroup === collectionGroup &&
          (ix.queryScope ?? 'COLLECTION') === queryScope &&
          ix.fields[0]?.fieldPath === field &&
          sameMode(ix.fields[0], mode),
      ),
    );
    if (servedByComposite) return null;
    return `needs a single-field index on ${label} ${lacking.map(([f, m]) => `${f} ${describe(m)}`).join(', ')} (a field override with queryScope ${queryScope})`;
  }

  const usable = config.indexes.filter((ix) => {
    if (ix.collectionGroup !== collectionGroup || (ix.queryScope ?? 'COLLECTION') !== queryScope) {
      return false;
    }
    const fields = ix.fields.at(-1)?.fieldPath === '__name__' ? ix.fields.slice(0, -1) : ix.fields;
    const prefix = fields.slice(0, fields.length - order.length);
    const suffix = fields.slice(fields.length - order.length);
    if (fields.length < order.length) return false;
    if (
      !suffix.every(
        (f, i) => f.fieldPath === order[i]!.fieldPath && f.order === order[i]!.direction,
      )
    ) {
      return false;
    }
    return prefix.every((f) => {
      const mode = equality.get(f.fieldPath);
      return mode === 'contains' ? f.arrayConfig === 'CONTAINS' : mode === 'order' && !!f.order;
    });
  });
  const covered = new Set(usable.flatMap((ix) => ix.fields.map((f) => f.fieldPath)));
  const uncovered = [...equality.keys()].filter((f) => !covered.has(f));
  if (usable.length > 0 && uncovered.length === 0) return null;
  const wanted = [
    ...[...equality].map(([f, m]) => `${f} ${m === 'contains' ? 'CONTAINS' : 'ASCENDING'}`),
    ...order.map((o) => `${o.fieldPath} ${o.direction}`),
  ];
  return `needs a composite index on ${label}: ${wanted.join(', ')}`;
}

/** The order Firestore returns results in: the explicit orderBy, then range fields it does not name (by name). */
function sortOrder(shape: QueryShape): { fieldPath: string; direction: Direction }[] {
  const order = [...shape.orderBy];
  const last = order.at(-1)?.direction ?? 'ASCENDING';
  const ranges = [
    ...new Set(shape.filters.filter((f) => rangeOps.has(f.op)).map((f) => f.fieldPath)),
  ]
    .filter((f) => !order.some((o) => o.fieldPath === f))
    .sort();
  return [...order, ...ranges.map((fieldPath) => ({ fieldPath, direction: last }))];
}

function sameMode(field: { order?: Direction; arrayConfig?: 'CONTAINS' }, mode: Mode): boolean {
  if ('arrayConfig' in mode) return field.arrayConfig === 'CONTAINS';
  return mode.order ? field.order === mode.order : !!field.order;
}

function describe(mode: Mode): string {
  return 'arrayConfig' in mode ? 'CONTAINS' : (mode.order ?? 'ASCENDING or DESCENDING');
}

/** Whether a single-field index serves `field` in `mode`: an override's indexes, else the automatic ones. */
function singleField(
  config: IndexConfig,
  collectionGroup: string,
  field: string,
  scope: QueryScope,
  mode: Mode,
): boolean {
  if (field === '__name__') return true;
  const override =
    config.fieldOverrides?.find(
      (o) => o.collectionGroup === collectionGroup && o.fieldPath === field,
    ) ??
    config.fieldOverrides?.find(
      (o) => o.collectionGroup === collectionGroup && o.fieldPath === '*',
    );
  if (!override) return scope === 'COLLECTION';
  return override.indexes.some(
    (ix) => (ix.queryScope ?? 'COLLECTION') === scope && sameMode(ix, mode),
  );
}
