import { describe, expect, it } from 'vitest';
import { defaultProjectSettings } from '@core/editor/model';
import { createClip } from '../model/timeline';
import { createDraftStorage, draftKey, type KeyValueStore } from './draft-storage';

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const draft = {
  title: 'Trip',
  items: [createClip('title', 't1')],
  settings: defaultProjectSettings,
  savedAt: 1,
};

describe('draft storage', () => {
  it('keeps one draft per user and project, new projects under "new"', () => {
    const store = memory();
    const drafts = createDraftStorage(store);
    drafts.write('u1', null, draft);
    drafts.write('u1', 'p1', { ...draft, title: 'Other' });
    expect(drafts.read('u1', null)?.title).toBe('Trip');
    expect(drafts.read('u1', 'p1')?.title).toBe('Other');
    expect(drafts.read('u2', null)).toBeNull();
    expect([...store.data.keys()].sort()).toEqual(
      [draftKey('u1', null), draftKey('u1', 'p1')].sort(),
    );
    drafts.clear('u1', null);
    expect(drafts.read('u1', null)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['another shape', JSON.stringify({ version: 1, title: 'x' })],
    [
      'a clip that does not parse',
      JSON.stringify({ version: 1, ...draft, items: [{ id: 'x', type: 'sticker' }] }),
    ],
  ])('ignores a draft that is %s', (_n, raw) => {
    const store = memory();
    store.setItem(draftKey('u', null), raw);
    expect(createDraftStorage(store).read('u', null)).toBeNull();
  });

  it('works with no storage at all, and when storage throws', () => {
    expect(createDraftStorage(null).read('u', null)).toBeNull();
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    const drafts = createDraftStorage(throwing);
    expect(() => drafts.write('u', null, draft)).not.toThrow();
    expect(drafts.read('u', null)).toBeNull();
  });
});
