import type { PageContext, PAGE_CONTEXT_LIMITS } from '@core/messaging';

export type PageContextLimits = typeof PAGE_CONTEXT_LIMITS;

/**
 * Reads the page the user is looking at: title, address, selected text and the large images.
 *
 * Contract: this function must stay self-contained (no imports, no outer helpers, limits passed in),
 * because the background also injects it with scripting.executeScript into tabs that were open
 * before the extension was installed, and injection serialises the function's source.
 */
export function extractPageContext(limits: PageContextLimits): PageContext {
  const minSide = 100;
  const minArea = 200 * 200;

  const readSelection = (): string => {
    const active = document.activeElement;
    if (active instanceof HTMLTextAreaElement || (active instanceof HTMLInputElement && active.type === 'text')) {
      const { selectionStart, selectionEnd, value } = active;
      if (selectionStart != null && selectionEnd != null && selectionEnd > selectionStart) {
        return value.slice(selectionStart, selectionEnd);
      }
    }
    return window.getSelection()?.toString() ?? '';
  };

  const images: string[] = [];
  for (const img of Array.from(document.images)) {
    if (images.length >= limits.images) break;
    const width = img.naturalWidth || img.width;
    const height = img.naturalHeight || img.height;
    if (Math.min(width, height) < minSide || width * height < minArea) continue;
    let src: string;
    try {
      src = new URL(img.currentSrc || img.src, document.baseURI).href;
    } catch {
      continue;
    }
    if (!/^https?:/.test(src) || images.includes(src)) continue;
    images.push(src);
  }

  const ogTitle = document.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.content;
  const title = (document.title.trim() || ogTitle?.trim() || location.hostname).slice(0, limits.titleChars);
  const selection = readSelection().trim().slice(0, limits.selectionChars);

  return { title, url: location.href, selection, images };
}
