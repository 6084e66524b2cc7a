// The emulators and the sandbox close an idle kept-alive socket after about 5 s; on a loaded machine a test
// client can reuse it just as it closes (EPIPE, ECONNRESET, "socket hang up"): a transport hiccup of the local
// stack, not of the code under test. Such a request was never read by the server, so test set-up and test
// clients may send it again. Anything else, an HTTP error answer included, is thrown at once.

const TRANSPORT = /EPIPE|ECONNRESET|socket hang up/;

function isTransportHiccup(e: unknown): boolean {
  const err = e as {
    code?: unknown;
    message?: unknown;
    cause?: { code?: unknown; message?: unknown };
  };
  return [err?.code, err?.message, err?.cause?.code, err?.cause?.message].some(
    (v) => typeof v === 'string' && TRANSPORT.test(v),
  );
}

export async function withTransportRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts || !isTransportHiccup(e)) throw e;
      await new Promise((r) => setTimeout(r, 200 * i));
    }
  }
}

/** fetch for test set-up and test clients of the local stack, sent again after a transport hiccup (above). */
export function stackFetch(input: string, init?: RequestInit): Promise<Response> {
  return withTransportRetry(() => fetch(input, init));
}
