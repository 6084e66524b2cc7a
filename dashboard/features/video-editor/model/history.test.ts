import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commit, createHistory, redo, undo } from './history';

describe('history', () => {
  it('undoes and redoes changes in order', () => {
    let h = createHistory('a');
    h = commit(h, 'b');
    h = commit(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe('b');
    h = redo(h);
    expect(h.present).toBe('c');
    expect(canRedo(h)).toBe(false);
  });

  it('a new change after an undo drops what could be redone', () => {
    const h = commit(undo(commit(createHistory(1), 2)), 3);
    expect(h).toEqual({ past: [1], present: 3, future: [] });
  });

  it('records nothing for the same value', () => {
    const h = createHistory({ n: 1 });
    expect(commit(h, h.present)).toBe(h);
  });

  it.each([
    ['undo with nothing to undo', (h: ReturnType<typeof createHistory<number>>) => undo(h)],
    ['redo with nothing to redo', (h: ReturnType<typeof createHistory<number>>) => redo(h)],
  ])('%s changes nothing', (_n, op) => {
    const h = createHistory(1);
    expect(op(h)).toBe(h);
  });

  it('keeps at most the limit of past states', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 5; i++) h = commit(h, i, 3);
    expect(h.past).toEqual([2, 3, 4]);
  });
});
