import type { z } from 'zod';

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

function storedItem<T>(key: string, options: LocalItemOptions, decode: (raw: string) => T | null, encode: (value: T) => string): LocalItem<T> {
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
export function localItem<T>(key: string, schema: z.ZodType<T>, options: LocalItemOptions = {}): LocalItem<T> {
  return storedItem(
    key,
    options,
    (raw) => {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    },
    (value) => JSON.stringify(value),
  );
}

/** A string stored as it is (no JSON quoting) under `key`, read back through `schema`. */
export function localTextItem<T extends string>(key: string, schema: z.ZodType<T>, options: LocalItemOptions = {}): LocalItem<T> {
  return storedItem(
    key,
    options,
    (raw) => {
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
    (value) => value,
  );
}
