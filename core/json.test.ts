import { describe, expect, it } from 'vitest';
import { jsonObject } from './json';

describe('jsonObject', () => {
  it('gives a JSON object back as it is', () => {
    const value = { a: 1, nested: { b: 'x' } };
    expect(jsonObject(value)).toBe(value);
    expect(jsonObject(JSON.parse('{}'))).toEqual({});
  });

  it.each([null, undefined, [], [{ a: 1 }], 'text', 0, 1, true, false])(
    'reads %j as no object',
    (value) => {
      expect(jsonObject(value)).toBeUndefined();
    },
  );
});
