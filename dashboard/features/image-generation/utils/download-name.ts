import { IMAGE } from '@core/constants';
import { safeFileName } from '@/lib/download';

/** The image gallery saves as the first 30 prompt characters plus .png. */
export function imageDownloadName(prompt: string): string {
  return safeFileName(prompt.trim().slice(0, IMAGE.downloadNameChars), '.png', 'image');
}
