import { TITLE_TRUNCATION } from '@core/constants';
import { pictureOf, type Generation } from '@core/data/generation';

/** How many of the newest generations the side panel lists. */
export const SIDEPANEL_LIBRARY_ITEMS = 5;

export interface LibraryItem {
  id: string;
  type: Generation['type'];
  title: string;
  /** A picture to show: an image's thumbnail or a video's poster; audio has none (its own tile). */
  pictureUrl: string | null;
  createdAt: Date | null;
}

function webUrl(value: string | null): string | null {
  return value && /^https?:\/\//.test(value) ? value : null;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A library record (core/data/generation.ts) as the side panel lists it. */
export function toPanelItem(g: Generation): LibraryItem {
  const title = g.title === 'Untitled' && g.prompt.trim() ? g.prompt.trim() : g.title;
  return {
    id: g.id,
    type: g.type,
    title: truncate(title, TITLE_TRUNCATION),
    pictureUrl: webUrl(pictureOf(g)),
    createdAt: g.createdAt,
  };
}
