// The emulators sometimes close a kept-alive socket just as a test client reuses it (EPIPE, ECONNRESET,
// "socket hang up"): a transport hiccup of the local stack, not of the code under test. Such a request never
// reached the handler, so test set-up (sign-ups, seeding) may send it again. Anything else is thrown at once.

const TRANSPORT = /EPIPE|ECONNRESET|socket hang up/;

function isTransportHiccup(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  return [err?.code, err?.message, err?.cause?.code, err?.cause?.message].some((v) => typeof v === 'string' && TRANSPORT.test(v));
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
