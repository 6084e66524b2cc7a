// The one module that touches localStorage (eslint.config.js bans it elsewhere in app code). Stored
// values are a convenience: reads are validated and fall back to null, writes never throw.

/** The part of Web Storage the app uses; tests pass an in-memory one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** This browser's localStorage, or null where there is none or it is blocked (private mode, storage disabled). */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * How a stored value is checked: a schema (zod's, through the Standard Schema interface, so this module
 * loads no validator of its own) or a function giving the value or null (for the first page, which
 * loads no zod: `npm run bench -- first-page-js`).
 */
export type StoredValueCheck<T> = StandardSchema<T> | ((value: unknown) => T | null);

type StandardResult<T> = { value: T; issues?: undefined } | { issues: readonly unknown[] };
/** The Standard Schema interface (standardschema.dev) that zod schemas implement, as far as it is used here. */
interface StandardSchema<T> {
  readonly '~standard': {
    validate(value: unknown): StandardResult<T> | Promise<StandardResult<T>>;
  };
}

function checkValue<T>(check: StoredValueCheck<T>, value: unknown): T | null {
  if (typeof check === 'function') return check(value);
  const result = check['~standard'].validate(value);
  // Async schemas are not for stored values: treated as not matching.
  if (result instanceof Promise || result.issues) return null;
  return result.value;
}

/** One stored value: read gives the value or null (missing, unreadable, or not matching the schema). */
export interface LocalItem<T> {
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

/** Where an item lives: left out, the browser's localStorage at each call; null, nowhere (reads give null). */
export interface LocalItemOptions {
  store?: KeyValueStore | null;
}

function storedItem<T>(
  key: string,
  options: LocalItemOptions,
  decode: (raw: string) => T | null,
  encode: (value: T) => string,
): LocalItem<T> {
  const store = () => (options.store === undefined ? browserStore() : options.store);
  return {
    read() {
      try {
        const raw = store()?.getItem(key);
        return raw ? decode(raw) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        store()?.setItem(key, encode(value));
      } catch {
        // Quota exceeded or storage blocked: the value is simply not remembered.
      }
    },
    remove() {
      try {
        store()?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

/** A value stored as JSON under `key`, read back through `schema`. */
export function localItem<T>(
  key: string,
  schema: StoredValueCheck<T>,
  options: LocalItemOptions = {},
): LocalItem<T> {
  return storedItem(
    key,
    options,
    (raw) => checkValue(schema, JSON.parse(raw)),
    (value) => JSON.stringify(value),
  );
}

/** A string stored as it is (no JSON quoting) under `key`, read back through `schema`. */
export function localTextItem<T extends string>(
  key: string,
  schema: StoredValueCheck<T>,
  options: LocalItemOptions = {},
): LocalItem<T> {
  return storedItem(
    key,
    options,
    (raw) => checkValue(schema, raw),
    (value) => value,
  );
}
