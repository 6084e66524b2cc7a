/** The media query the browser answers with its light or dark preference. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The part of a MediaQueryList this module uses. */
export interface SchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

/** The page's window, or a fake: its matchMedia, if it has one (called as a method). */
export interface ColorSchemeSource {
  matchMedia?: (query: string) => SchemeQuery;
}

/**
 * Keeps `.dark` on `root` (usually <html>) in step with the browser's colour scheme, now and on every
 * change, for pages without a theme setting of their own (the extension's side panel). Returns a
 * function that stops following. Without matchMedia the page stays light.
 */
export function followSystemTheme(root: Element, source: ColorSchemeSource): () => void {
  if (typeof source.matchMedia !== 'function') return () => {};
  const media = source.matchMedia(DARK_SCHEME_QUERY);
  function apply() {
    root.classList.toggle('dark', media.matches);
  }
  apply();
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
