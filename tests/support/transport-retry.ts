import http from 'node:http';

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

/**
 * fetch for test set-up and test clients of the local stack, each request on a connection of its own
 * (`connection: close`). Why: Node's fetch (undici 6) keeps an idle socket for the server's Keep-Alive
 * hint (5 s from the emulators' Node servers) less 1 s, on a timer clock that ticks once a second, so it may
 * hold it up to the very moment the server closes it; a request written to it then is never read
 * ("other side closed", bytesRead > 0: the socket had answered before). A loaded machine, whose timers run
 * late, widens that moment: tests/functions/transcription-jobs.test.ts failed so beside two busy loops. A
 * loopback connection costs well under a millisecond. Other transport failures are still sent again (above).
 */
export function stackFetch(input: string, init?: RequestInit): Promise<Response> {
  return withTransportRetry(() => {
    const headers = new Headers(init?.headers);
    headers.set('connection', 'close');
    return fetch(input, { ...init, headers });
  });
}

/**
 * The same for the Admin SDK's requests in this process (Storage through gaxios and node-fetch, which use
 * Node's global agent): Node 20's global agent keeps an idle socket 5 s, exactly as long as the emulators'
 * servers do, so a 25 MB upload could be written into a socket the Storage emulator was closing (write
 * EPIPE in tests/functions/transcription-jobs.test.ts beside two busy loops). Without keep-alive each
 * request opens its own loopback connection.
 */
export function freshConnectionsForNodeHttp(): void {
  http.globalAgent = new http.Agent({ keepAlive: false });
}
