import { TITLE_TRUNCATION } from '@core/constants';
import { generationTypes, type GenerationType } from '@core/schemas';
import type { DocumentData } from 'firebase/firestore';

/** How many of the newest generations the side panel lists. */
export const SIDEPANEL_LIBRARY_ITEMS = 5;

export interface LibraryItem {
  id: string;
  type: GenerationType;
  title: string;
  thumbnailUrl: string | null;
  createdAt: Date | null;
}

function isGenerationType(value: unknown): value is GenerationType {
  return typeof value === 'string' && (generationTypes as readonly string[]).includes(value);
}

function httpUrl(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A generation document as the side panel shows it; tolerant of older or partial documents. */
export function toLibraryItem(id: string, data: DocumentData): LibraryItem {
  const type = isGenerationType(data.type) ? data.type : 'image';
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : '';
  const prompt = typeof data.prompt === 'string' ? data.prompt.trim() : '';
  const createdAt = data.createdAt && typeof data.createdAt.toDate === 'function' ? (data.createdAt.toDate() as Date) : null;
  return {
    id,
    type,
    title: truncate(title || prompt || 'Untitled', TITLE_TRUNCATION),
    thumbnailUrl: httpUrl(data.thumbnailUrl) ?? (type === 'image' ? httpUrl(data.originalUrl) : null),
    createdAt,
  };
}
