import { describe, expect, it } from 'vitest';
import { matchesSearch, searchTerms } from './search';

const item = {
  title: 'Sunset over Lisbon',
  prompt: 'A golden sunset over the rooftops of Lisbon, Café terrace in front, 35mm film',
};

describe('searchTerms', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['Fox', ['fox']],
    ['  red   FOX ', ['red', 'fox']],
    ['Café', ['cafe']],
  ])('%j -> %j', (query, terms) => expect(searchTerms(query)).toEqual(terms));
});

describe('matchesSearch', () => {
  it.each([
    ['', true],
    ['sunset', true],
    ['LISBON', true],
    ['rooftops', true],
    ['cafe', true],
    ['café terrace', true],
    ['film sunset', true],
    ['lisb', true],
    ['tokyo', false],
    ['sunset tokyo', false],
  ])('%j matches: %s', (query, expected) => {
    expect(matchesSearch(item, searchTerms(query))).toBe(expected);
  });

  it('does not match across the title and prompt boundary', () => {
    expect(matchesSearch({ title: 'red', prompt: 'fox' }, searchTerms('redfox'))).toBe(false);
  });
});
