// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultProjectSettings } from '@core/editor/model';
import {
  createEditorStore,
  deleteSelectionAtom,
  selectClipAtom,
  setTitleAtom,
  undoAtom,
  itemsAtom,
} from '../atoms';
import { createClip } from '../model/timeline';
import { createDraftStorage, type KeyValueStore } from '../utils/draft-storage';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'alice' } }) }));

const { useAutosaveDraft } = await import('./use-autosave-draft');

function memory(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function setUp() {
  const saved = {
    title: 'Trip',
    items: [createClip('title', 't1'), createClip('title', 't2')],
    settings: defaultProjectSettings,
  };
  const store = createEditorStore({ ...saved, projectId: 'p1', saved });
  const drafts = createDraftStorage(memory());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  renderHook(() => useAutosaveDraft(drafts), { wrapper });
  return { store, drafts };
}

describe('useAutosaveDraft', () => {
  // A killed tab runs no timer and fires no pagehide: what is not written by the time the edit returns is lost.
  it('writes the draft in the same task as the edit, with no timer to wait for', () => {
    vi.useFakeTimers();
    try {
      const { store, drafts } = setUp();
      const [first] = store.get(itemsAtom);
      act(() => {
        store.set(selectClipAtom, first!.id);
        store.set(deleteSelectionAtom);
      });
      expect(drafts.read('alice', 'p1')?.items.map((i) => i.id)).toEqual([
        store.get(itemsAtom)[0]!.id,
      ]);
      act(() => store.set(setTitleAtom, 'Trip, day 2'));
      expect(drafts.read('alice', 'p1')?.title).toBe('Trip, day 2');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops the draft when the edits are undone back to the stored project', () => {
    const { store, drafts } = setUp();
    const [first] = store.get(itemsAtom);
    act(() => {
      store.set(selectClipAtom, first!.id);
      store.set(deleteSelectionAtom);
    });
    expect(drafts.read('alice', 'p1')?.items).toHaveLength(1);
    act(() => store.set(undoAtom));
    expect(store.get(itemsAtom)).toHaveLength(2);
    expect(drafts.read('alice', 'p1')).toBeNull();
  });
});
