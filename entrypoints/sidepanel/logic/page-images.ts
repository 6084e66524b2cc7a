import { uploadContentTypes } from '@core/media-types';

// Page images as the side panel offers them for image-to-image. The page context lists them either as
// addresses or, with the live page context, as {src, width, height, alt}: both read the same here.

export interface PageImage {
  src: string;
  alt: string;
}

/** The page's images, http(s) only, each once. */
export function pageImagesOf(context: { images?: readonly unknown[] } | null): PageImage[] {
  const seen = new Set<string>();
  const out: PageImage[] = [];
  for (const item of context?.images ?? []) {
    const src =
      typeof item === 'string'
        ? item
        : typeof item === 'object' &&
            item !== null &&
            typeof (item as { src?: unknown }).src === 'string'
          ? (item as { src: string }).src
          : '';
    const alt =
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { alt?: unknown }).alt === 'string'
        ? (item as { alt: string }).alt
        : '';
    if (!/^https?:\/\//i.test(src) || seen.has(src)) continue;
    seen.add(src);
    out.push({ src, alt });
  }
  return out;
}

/**
 * Whether the panel may show a picture at this address: its Content-Security-Policy
 * (extensionPagesPolicy in wxt.config.ts) allows https:, data: and blob: pictures; an http: page's image
 * is blocked there, so the panel shows a placeholder for it (components/page-image-thumb.tsx).
 */
export function panelCanShowImage(src: string): boolean {
  return /^(https:|data:|blob:)/i.test(src.trim());
}

/** storage.rules' limit for an uploaded image. */
export const REFERENCE_MAX_BYTES = 20 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Whether fetched bytes may become a reference image, and under which name; else the reason, in plain words. */
export function checkReferenceImage(
  contentType: string,
  sizeBytes: number,
): { ok: true; ext: string; contentType: string } | { ok: false; message: string } {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!(uploadContentTypes.image as readonly string[]).includes(type))
    return {
      ok: false,
      message: 'This image type cannot be used as a reference: use a PNG, JPEG, WebP or GIF image.',
    };
  if (sizeBytes > REFERENCE_MAX_BYTES)
    return {
      ok: false,
      message: 'This image is larger than 20 MB and cannot be used as a reference.',
    };
  if (sizeBytes === 0) return { ok: false, message: 'This image is empty.' };
  return { ok: true, ext: EXTENSIONS[type]!, contentType: type };
}
