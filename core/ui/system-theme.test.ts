// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DARK_SCHEME_QUERY, followSystemTheme } from './system-theme';

/** A browser whose colour scheme the test can switch; it answers only the dark-scheme query. */
function fakeBrowser(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const queries: string[] = [];
  const media = {
    matches: prefersDark,
    addEventListener(_type: 'change', listener: () => void) {
      listeners.add(listener);
    },
    removeEventListener(_type: 'change', listener: () => void) {
      listeners.delete(listener);
    },
  };
  return {
    queries,
    listeners,
    matchMedia(query: string) {
      queries.push(query);
      return media;
    },
    switchTo(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener();
    },
  };
}

describe('followSystemTheme', () => {
  it.each([
    { scheme: 'dark', prefersDark: true, dark: true },
    { scheme: 'light', prefersDark: false, dark: false },
  ])('a browser in $scheme mode gives the page dark=$dark at once', ({ prefersDark, dark }) => {
    const browser = fakeBrowser(prefersDark);
    const root = document.createElement('html');
    followSystemTheme(root, browser);
    expect(root.classList.contains('dark')).toBe(dark);
    expect(browser.queries).toEqual([DARK_SCHEME_QUERY]);
  });

  it('follows the browser when it switches between light and dark', () => {
    const browser = fakeBrowser(false);
    const root = document.createElement('html');
    followSystemTheme(root, browser);
    browser.switchTo(true);
    expect(root.classList.contains('dark')).toBe(true);
    browser.switchTo(false);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('stops following once stopped', () => {
    const browser = fakeBrowser(false);
    const root = document.createElement('html');
    const stop = followSystemTheme(root, browser);
    stop();
    browser.switchTo(true);
    expect(root.classList.contains('dark')).toBe(false);
    expect(browser.listeners.size).toBe(0);
  });

  it('leaves the page light where the browser has no matchMedia', () => {
    const root = document.createElement('html');
    followSystemTheme(root, {})();
    expect(root.classList.contains('dark')).toBe(false);
  });
});
