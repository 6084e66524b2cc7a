// JSON of unknown shape (a provider's answer, a stored map) read field by field: one object reader for
// every runtime, so each reader narrows the same way.

/** A JSON object's fields, each still unknown. */
export type JsonObject = Record<string, unknown>;

/** `value` as a JSON object, or undefined for anything else (arrays, null, numbers, strings). */
export function jsonObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}
