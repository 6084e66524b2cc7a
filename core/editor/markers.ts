import { z } from 'zod';

// Timeline markers: a whole frame of the project's frame rate and a short, optional label. The editor
// keeps them in the project settings (core/editor/model.ts); a saved project stores each one as a line of
// text (`id|frame|label`) in `settings.markers`, so firestore.rules can check every marker of the list
// with one pattern (rules cannot loop over a list's elements, but can match the list joined into a string).

export const MAX_MARKERS = 200;
export const MARKER_LABEL_MAX = 60;

export const markerSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  frame: z.number().int().min(0).max(999_999_999),
  label: z
    .string()
    .max(MARKER_LABEL_MAX)
    .regex(/^[^\n\r]*$/),
});
export type Marker = z.infer<typeof markerSchema>;

/** A label as the editor keeps it: one line, trimmed, at most MARKER_LABEL_MAX characters. */
export function cleanLabel(label: string): string {
  return label
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, MARKER_LABEL_MAX);
}

/** A marker as it is stored in a saved project. */
export function encodeMarker(m: Marker): string {
  return `${m.id}|${m.frame}|${m.label}`;
}

/** A stored marker read back; anything that is not one (tampered, or from a newer build) is null. */
export function decodeMarker(raw: unknown): Marker | null {
  if (typeof raw !== 'string') return null;
  const match = /^([^|]*)\|([^|]*)\|(.*)$/s.exec(raw);
  if (!match || !/^(0|[1-9][0-9]*)$/.test(match[2]!)) return null;
  const parsed = markerSchema.safeParse({ id: match[1], frame: Number(match[2]), label: match[3] });
  return parsed.success ? parsed.data : null;
}

/** Stored markers read back: the valid ones, at most MAX_MARKERS, by frame, one per frame. */
export function decodeMarkers(raw: unknown): Marker[] {
  if (!Array.isArray(raw)) return [];
  return sortMarkers(raw.map(decodeMarker).filter((m): m is Marker => m !== null)).slice(
    0,
    MAX_MARKERS,
  );
}

/** By frame; of two markers on one frame the first is kept. */
export function sortMarkers(markers: readonly Marker[]): Marker[] {
  const seen = new Set<number>();
  const ids = new Set<string>();
  return [...markers]
    .sort((a, b) => a.frame - b.frame)
    .filter((m) => {
      if (seen.has(m.frame) || ids.has(m.id)) return false;
      seen.add(m.frame);
      ids.add(m.id);
      return true;
    });
}
