// @vitest-environment jsdom
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  drawerOpenAtom,
  setSidebarExpandedAtom,
  sidebarExpandedAtom,
  toggleSidebarAtom,
} from './atoms';

function clearCookie() {
  document.cookie = 'sidebar:state=; path=/; max-age=0';
}

describe('sidebar atoms', () => {
  afterEach(clearCookie);

  it('starts expanded when no cookie is set', () => {
    expect(createStore().get(sidebarExpandedAtom)).toBe(true);
  });

  it('reads the collapsed state back from the cookie', () => {
    document.cookie = 'sidebar:state=false; path=/';
    expect(createStore().get(sidebarExpandedAtom)).toBe(false);
  });

  it('writes the cookie when the sidebar is collapsed or expanded', () => {
    const store = createStore();
    store.set(setSidebarExpandedAtom, false);
    expect(document.cookie).toContain('sidebar:state=false');
    store.set(setSidebarExpandedAtom, true);
    expect(document.cookie).toContain('sidebar:state=true');
  });

  it('toggles the desktop sidebar on wide screens and leaves the drawer alone', () => {
    const store = createStore();
    store.set(toggleSidebarAtom, false);
    expect(store.get(sidebarExpandedAtom)).toBe(false);
    expect(store.get(drawerOpenAtom)).toBe(false);
    expect(document.cookie).toContain('sidebar:state=false');
  });

  it('toggles the drawer on phones without touching the saved desktop state', () => {
    const store = createStore();
    store.set(toggleSidebarAtom, true);
    expect(store.get(drawerOpenAtom)).toBe(true);
    expect(store.get(sidebarExpandedAtom)).toBe(true);
    expect(document.cookie).not.toContain('sidebar:state');
    store.set(toggleSidebarAtom, true);
    expect(store.get(drawerOpenAtom)).toBe(false);
  });
});
