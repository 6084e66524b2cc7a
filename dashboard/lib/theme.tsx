import { atom, useAtomValue, useSetAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { useEffect, type ReactNode } from 'react';
import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '@core/constants';
import { localTextItem } from './local-store';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** A stored value back to a theme; anything unknown (or nothing) means the default, 'system'. */
export function parseTheme(raw: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(raw ?? '') ? (raw as Theme) : DEFAULT_THEME;
}

/** 'system' follows the OS preference; light and dark are taken as they are. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

// Stored as the bare name ('dark'); blocked storage (privacy modes) reads as the default.
const storedTheme = localTextItem(THEME_STORAGE_KEY, (v: unknown): Theme | null =>
  (THEMES as readonly unknown[]).includes(v) ? (v as Theme) : null,
);

function readStoredTheme(): Theme {
  return storedTheme.read() ?? DEFAULT_THEME;
}

function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
  );
}

// Base atoms stay private: read the derived atoms, write through the action atoms.
const storedThemeAtom = atomWithLazy<Theme>(readStoredTheme);
const systemDarkAtom = atomWithLazy<boolean>(systemPrefersDark);

export const themeAtom = atom((get) => get(storedThemeAtom));
export const resolvedThemeAtom = atom((get) =>
  resolveTheme(get(storedThemeAtom), get(systemDarkAtom)),
);

export const setThemeAtom = atom(null, (_get, set, theme: Theme) => {
  // Not persisted when storage is blocked, but the session still switches.
  set(storedThemeAtom, theme);
  storedTheme.write(theme);
});

/** The sidebar's toggle: flips between light and dark from whatever is showing now. */
export const toggleThemeAtom = atom(null, (get, set) => {
  set(setThemeAtom, get(resolvedThemeAtom) === 'dark' ? 'light' : 'dark');
});

/** Keeps <html> in step with the theme, follows the OS live in 'system' mode and other tabs' changes. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const resolved = useAtomValue(resolvedThemeAtom);
  const setSystemDark = useSetAtom(systemDarkAtom);
  const setStored = useSetAtom(storedThemeAtom);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolved);
  }, [resolved]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [setSystemDark]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setStored(parseTheme(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setStored]);

  return <>{children}</>;
}

export function useTheme(): {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
} {
  return {
    theme: useAtomValue(themeAtom),
    resolvedTheme: useAtomValue(resolvedThemeAtom),
    setTheme: useSetAtom(setThemeAtom),
    toggleTheme: useSetAtom(toggleThemeAtom),
  };
}

export function useResolvedTheme(): ResolvedTheme {
  return useAtomValue(resolvedThemeAtom);
}

export function useSetTheme(): (theme: Theme) => void {
  return useSetAtom(setThemeAtom);
}
