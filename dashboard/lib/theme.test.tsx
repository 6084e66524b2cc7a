// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  parseTheme,
  resolvedThemeAtom,
  resolveTheme,
  setThemeAtom,
  ThemeProvider,
  themeAtom,
  toggleThemeAtom,
} from './theme';

describe('parseTheme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [null, 'system'],
    ['', 'system'],
    ['"dark"', 'system'],
    ['blue', 'system'],
  ] as const)('reads %j as %s', (raw, expected) => {
    expect(parseTheme(raw)).toBe(expected);
  });
});

describe('resolveTheme', () => {
  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ] as const)('%s with OS dark=%s is %s', (theme, prefersDark, expected) => {
    expect(resolveTheme(theme, prefersDark)).toBe(expected);
  });
});

/** A controllable prefers-color-scheme media query. */
function fakeMatchMedia(initialDark: boolean) {
  let dark = initialDark;
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    setDark(value: boolean) {
      dark = value;
      listeners.forEach((l) => l());
    },
  };
}

describe('ThemeProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  const mount = () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <ThemeProvider>child</ThemeProvider>
      </Provider>,
    );
    return store;
  };

  it('defaults to system and follows the OS preference live', () => {
    const media = fakeMatchMedia(false);
    const store = mount();
    expect(store.get(themeAtom)).toBe('system');
    expect(document.documentElement.classList.contains('light')).toBe(true);
    act(() => media.setDark(true));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });

  it('reads the saved theme and keeps a new choice in vite-ui-theme', () => {
    fakeMatchMedia(false);
    localStorage.setItem('vite-ui-theme', 'dark');
    const store = mount();
    expect(document.documentElement.className).toBe('dark');
    act(() => store.set(setThemeAtom, 'light'));
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
    expect(document.documentElement.className).toBe('light');
  });

  it('toggles from what is showing: system on a dark OS becomes light', () => {
    fakeMatchMedia(true);
    const store = mount();
    expect(store.get(resolvedThemeAtom)).toBe('dark');
    act(() => store.set(toggleThemeAtom));
    expect(store.get(themeAtom)).toBe('light');
    act(() => store.set(toggleThemeAtom));
    expect(store.get(themeAtom)).toBe('dark');
  });

  it('picks up a change made in another tab', () => {
    fakeMatchMedia(false);
    mount();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'vite-ui-theme', newValue: 'dark' }));
    });
    expect(document.documentElement.className).toBe('dark');
  });
});
