// Provider SDKs loaded on first use. The functions bundle is split (scripts/build-functions.ts): a module
// reached only through `import()` is a chunk of its own, so an instance that never calls Anthropic, Gemini,
// OpenAI or Luma never parses their SDKs (about 2.4 MB of the 6.6 MB bundle), and every cold start is
// shorter: each function's instance, in production and in the emulator, loads the whole entry module.

type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/**
 * An object whose listed methods (all async) build the real one on their first call, from `load` (which
 * imports its module), and then call it. A failed load is tried again by the next call.
 */
export function builtOnFirstCall<T extends object>(
  load: () => Promise<T>,
  methods: readonly AsyncMethods<T>[],
): Pick<T, AsyncMethods<T>> {
  let loading: Promise<T> | undefined;
  const real = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const methodsOf = {} as Record<PropertyKey, (...args: unknown[]) => Promise<unknown>>;
  for (const name of methods) {
    methodsOf[name] = async (...args: unknown[]) => {
      const target = await real();
      return (target[name] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    };
  }
  return methodsOf as Pick<T, AsyncMethods<T>>;
}
