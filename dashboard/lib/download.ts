// Browser downloads: fetch the stored file as a blob and save it under a
// chosen name. Shared because the image gallery, the library and later the editor all download files.

// Characters no common file system accepts in a name, plus control characters.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/**
 * A file name from user text: forbidden characters become '-', runs of spaces collapse, and leading or
 * trailing spaces and dots go, and line breaks become spaces (a name ending in '. ' reads badly and Windows refuses it). Empty -> fallback.
 */
export function safeFileName(base: string, extension: string, fallback: string): string {
  const cleaned = base
    .replace(/\s+/g, ' ')
    .replace(FORBIDDEN, '-')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${cleaned || fallback}${extension}`;
}

/** Saves a blob as a download through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next task: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches `url` and saves it as `fileName`. Throws on a missing URL, a network failure or a non-2xx answer. */
export async function downloadFile(
  url: string | null | undefined,
  fileName: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (!url) throw new Error('This file has no download URL');
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`Download failed with status ${res.status}`);
  saveBlob(await res.blob(), fileName);
}
