import { describe, expect, it } from 'vitest';
import { isSidebarShortcut } from './use-sidebar-shortcut';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('isSidebarShortcut', () => {
  it.each([
    ['Ctrl+B', key('b', { ctrlKey: true }), true],
    ['Cmd+B', key('b', { metaKey: true }), true],
    ['Ctrl+B with caps lock', key('B', { ctrlKey: true }), true],
    ['plain B', key('b'), false],
    ['Ctrl+Shift+B', key('B', { ctrlKey: true, shiftKey: true }), false],
    ['Ctrl+Alt+B', key('b', { ctrlKey: true, altKey: true }), false],
    ['Ctrl+N', key('n', { ctrlKey: true }), false],
  ])('%s: %s', (_name, event, expected) => {
    expect(isSidebarShortcut(event)).toBe(expected);
  });
});
