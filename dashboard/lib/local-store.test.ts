import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localItem, localTextItem, type KeyValueStore } from './local-store';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const throwing: KeyValueStore = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('quota');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

const pointSchema = z.object({ x: z.number(), y: z.number() });

describe('localItem', () => {
  it('stores a value as JSON under its key and reads it back', () => {
    const store = memory();
    const point = localItem('muse:point', pointSchema, { store });
    point.write({ x: 1, y: 2 });
    expect(store.data.get('muse:point')).toBe('{"x":1,"y":2}');
    expect(point.read()).toEqual({ x: 1, y: 2 });
    point.remove();
    expect(store.data.has('muse:point')).toBe(false);
    expect(point.read()).toBeNull();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not JSON', '{oops'],
    ['another shape', '{"x":"1"}'],
  ])('reads a value that is %s as null', (_case, raw) => {
    const store = memory();
    if (raw !== undefined) store.setItem('muse:point', raw);
    expect(localItem('muse:point', pointSchema, { store }).read()).toBeNull();
  });

  it('never throws when storage is blocked or full, and reads null', () => {
    const point = localItem('muse:point', pointSchema, { store: throwing });
    expect(() => point.write({ x: 1, y: 2 })).not.toThrow();
    expect(() => point.remove()).not.toThrow();
    expect(point.read()).toBeNull();
  });

  it('keeps nothing when there is no storage', () => {
    const point = localItem('muse:point', pointSchema, { store: null });
    point.write({ x: 1, y: 2 });
    expect(point.read()).toBeNull();
  });

  it('uses no storage outside a browser when none is given', () => {
    const point = localItem('muse:point', pointSchema);
    expect(() => point.write({ x: 1, y: 2 })).not.toThrow();
    expect(point.read()).toBeNull();
  });
});

describe('localTextItem', () => {
  const colour = z.enum(['red', 'blue']);

  it('stores a string as it is, without JSON quotes', () => {
    const store = memory();
    localTextItem('muse:colour', colour, { store }).write('red');
    expect(store.data.get('muse:colour')).toBe('red');
  });

  it.each([
    ['red', 'red'],
    ['"red"', null],
    ['green', null],
  ])('reads %j as %j', (raw, expected) => {
    const store = memory();
    store.setItem('muse:colour', raw);
    expect(localTextItem('muse:colour', colour, { store }).read()).toBe(expected);
  });
});
