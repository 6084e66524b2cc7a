import type { PageContext, PAGE_CONTEXT_LIMITS } from '@core/messaging';

export type PageContextLimits = typeof PAGE_CONTEXT_LIMITS;

/**
 * Reads the page the user is looking at: title, address, selected text, description and main images
 * (og:image first, then the largest visible images). A PDF the browser renders is not readable.
 *
 * Contract: this function must stay self-contained (no imports, no outer helpers, limits passed in),
 * because the background also injects it with scripting.executeScript into tabs that were open
 * before the extension was installed, and injection serialises the function's source.
 */
export function extractPageContext(limits: PageContextLimits): PageContext {
  // Smaller pictures are icons, avatars and buttons, not a page's main images.
  const minSide = 100;
  const minArea = 200 * 200;
  // Longer and thinner than this: a banner, a skyscraper ad or a divider.
  const maxAspect = 3;

  const meta = (...keys: string[]): string => {
    for (const key of keys) {
      const content = document
        .querySelector<HTMLMetaElement>(`meta[property="${key}"], meta[name="${key}"]`)
        ?.content?.trim();
      if (content) return content;
    }
    return '';
  };

  const absolute = (raw: string | null | undefined): string | null => {
    if (!raw) return null;
    try {
      const href = new URL(raw.trim(), document.baseURI).href;
      return /^https?:/.test(href) ? href : null;
    } catch {
      return null;
    }
  };

  const ogTitle = meta('og:title');
  const title = (document.title.trim() || ogTitle || location.hostname).slice(0, limits.titleChars);

  if (document.contentType === 'application/pdf') {
    return {
      readable: false,
      reason: "PDFs shown by the browser can't be read. Open a web page to use its content here.",
      title,
      url: location.href,
      selection: '',
      description: '',
      images: [],
    };
  }

  const readSelection = (): string => {
    const active = document.activeElement;
    if (
      active instanceof HTMLTextAreaElement ||
      (active instanceof HTMLInputElement && active.type === 'text')
    ) {
      const { selectionStart, selectionEnd, value } = active;
      if (selectionStart != null && selectionEnd != null && selectionEnd > selectionStart) {
        return value.slice(selectionStart, selectionEnd);
      }
    }
    return window.getSelection()?.toString() ?? '';
  };

  const images: PageContext['images'] = [];
  const seen = new Set<string>();
  const add = (src: string | null, width: number, height: number, alt: string) => {
    if (!src || seen.has(src) || images.length >= limits.images) return;
    seen.add(src);
    images.push({
      src,
      width: Math.round(width),
      height: Math.round(height),
      alt: alt.trim().slice(0, limits.altChars),
    });
  };

  const ogImage = absolute(
    meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
  );
  if (ogImage)
    add(
      ogImage,
      Number(meta('og:image:width')) || 0,
      Number(meta('og:image:height')) || 0,
      meta('og:image:alt', 'twitter:image:alt'),
    );

  // Only a page with layout can tell what is hidden (a document without one, e.g. in tests, cannot).
  const hasLayout = document.documentElement.getBoundingClientRect().width > 0;
  const candidates: {
    src: string;
    width: number;
    height: number;
    alt: string;
    area: number;
    order: number;
  }[] = [];
  Array.from(document.images).forEach((img, order) => {
    // Hidden by CSS: not what the user sees.
    if (
      hasLayout &&
      typeof img.checkVisibility === 'function' &&
      !img.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    )
      return;
    // Lazy images keep a placeholder in src until scrolled to; their real address waits in data-src.
    const lazy =
      img.getAttribute('data-src') ||
      img.getAttribute('data-lazy-src') ||
      img.getAttribute('data-original');
    const current = img.currentSrc || img.src;
    const src = absolute(
      lazy && (!current || current.startsWith('data:') || !img.complete || img.naturalWidth === 0)
        ? lazy
        : current,
    );
    if (!src) return;
    const rect = img.getBoundingClientRect();
    const width =
      img.naturalWidth || rect.width || img.width || Number(img.getAttribute('width')) || 0;
    const height =
      img.naturalHeight || rect.height || img.height || Number(img.getAttribute('height')) || 0;
    if (
      Math.min(width, height) < minSide ||
      width * height < minArea ||
      Math.max(width, height) > maxAspect * Math.min(width, height)
    )
      return;
    candidates.push({ src, width, height, alt: img.alt || '', area: width * height, order });
  });
  candidates.sort((a, b) => b.area - a.area || a.order - b.order);
  for (const c of candidates) add(c.src, c.width, c.height, c.alt);

  return {
    readable: true,
    title,
    url: location.href,
    selection: readSelection().trim().slice(0, limits.selectionChars),
    description: meta('description', 'og:description', 'twitter:description')
      .replace(/\s+/g, ' ')
      .slice(0, limits.descriptionChars),
    images,
  };
}
