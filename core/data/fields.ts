import { z } from 'zod';

// Lenient field readers for documents clients and functions read back. Every field falls back instead of
// throwing: functions write these documents, but a reader must never crash on an old or odd one.

/** A Firestore Timestamp from either SDK (anything with toDate()), or a Date: as a Date, else null. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toDate?: unknown }).toDate === 'function'
  ) {
    const date = (value as { toDate: () => unknown }).toDate();
    return date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
  }
  return null;
}

/** Text, '' when missing. */
export const text = () => z.string().catch('');
/** Non-empty trimmed text, else the fallback. */
export const label = (fallback: string) =>
  z
    .string()
    .catch('')
    .transform((s) => s.trim() || fallback);
/** Non-empty text, else null. */
export const optionalText = () =>
  z
    .string()
    .nullable()
    .catch(null)
    .transform((s) => s || null);
/** A finite number, else the fallback. */
export const count = (fallback = 0) => z.number().finite().catch(fallback);
export const percent = () => count(0).transform((n) => Math.min(100, Math.max(0, n)));
export const flag = (fallback = false) => z.boolean().catch(fallback);
export const timestamp = () => z.unknown().optional().transform(toDate);
/** One of a set of words, else the fallback. */
export const oneOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) => z.enum(values).catch(fallback);
export const record = () => z.record(z.string(), z.unknown()).catch(() => ({}));

/**
 * One converter per document type: the schema reads the stored fields, the id comes from the document.
 * Used with snapshot.data({ serverTimestamps: 'estimate' }) on clients and with Admin SDK data in functions.
 */
export function docConverter<S extends z.ZodType>(
  schema: S,
): (id: string, data: unknown) => z.output<S> & { id: string } {
  return (id, data) =>
    ({
      ...(schema.parse(typeof data === 'object' && data !== null ? data : {}) as object),
      id,
    }) as z.output<S> & { id: string };
}

/** An array whose items the schema reads; an item it refuses is skipped, so one odd item never hides the others. */
export const lenientArray = <S extends z.ZodType>(item: S) =>
  z
    .array(z.unknown())
    .catch([])
    .default([])
    .transform((items) =>
      items.flatMap((value) => {
        const read = item.safeParse(value);
        return read.success ? [read.data as z.output<S>] : [];
      }),
    );
