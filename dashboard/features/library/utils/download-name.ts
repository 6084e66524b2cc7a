import type { GenerationType } from '@core/jobs';
import { safeFileName } from '@/lib/download';

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/jpg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
};

/** Library files save as the title plus .jpg/.png (by content type), .mp4 or .mp3. */
export function libraryFileExtension(type: GenerationType, contentType: string | null): string {
  if (type === 'video') return '.mp4';
  if (type === 'audio') return '.mp3';
  return (
    (contentType && IMAGE_EXTENSIONS[contentType.toLowerCase().split(';')[0]!.trim()]) || '.jpg'
  );
}

export function libraryFileName(item: {
  type: GenerationType;
  title: string;
  contentType: string | null;
}): string {
  return safeFileName(item.title, libraryFileExtension(item.type, item.contentType), 'untitled');
}
