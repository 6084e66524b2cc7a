import { describe, expect, it } from 'vitest';
import { neverSent, send, unreadable } from './http';

/** A fetch that answers with `response`, or fails as undici does with `code` on the error's cause. */
const answering = (response: Response): typeof fetch => (async () => response) as typeof fetch;
const failing = (code: string): typeof fetch =>
  (async () => {
    throw Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(code), { code }),
    });
  }) as typeof fetch;
/** A response whose body breaks while it is read. */
function brokenBody(status: number): Response {
  const body = new ReadableStream({
    pull: (controller) => controller.error(new Error('socket hang up')),
  });
  return new Response(body, { status });
}

const request = { method: 'POST', timeoutMs: 1000 };

describe('the one HTTP layer', () => {
  it('says a request never left when the connection was refused, and may have arrived when it timed out', async () => {
    expect(await send(failing('ECONNREFUSED'), 'https://api.test/a', request)).toMatchObject({
      status: undefined,
      neverSent: true,
    });
    expect(await send(failing('UND_ERR_SOCKET'), 'https://api.test/a', request)).toMatchObject({
      status: undefined,
      neverSent: false,
    });
    const timedOut = (async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }) as typeof fetch;
    expect(await send(timedOut, 'https://api.test/a', request)).toMatchObject({
      status: undefined,
      neverSent: false,
    });
  });

  it('reads the code on the error itself too', () => {
    expect(neverSent(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(neverSent(new Error('anything'))).toBe(false);
  });

  it('gives the status, the text and the JSON of an answer; json is undefined for an empty or non-JSON body', async () => {
    expect(
      await send(
        answering(Response.json({ id: '1' }, { status: 201 })),
        'https://api.test/a',
        request,
      ),
    ).toMatchObject({ ok: true, status: 201, json: { id: '1' } });
    expect(
      await send(answering(new Response(null, { status: 204 })), 'https://api.test/a', request),
    ).toMatchObject({ ok: true, status: 204, text: '', json: undefined });
    expect(
      await send(
        answering(new Response('<html>busy</html>', { status: 503 })),
        'https://api.test/a',
        request,
      ),
    ).toMatchObject({ ok: false, status: 503, text: '<html>busy</html>', json: undefined });
  });

  it('calls a 2xx with a body that is not JSON unreadable, and an empty 2xx or an error page not', async () => {
    expect(
      unreadable(
        await send(
          answering(new Response('<html>ok</html>', { status: 200 })),
          'https://api.test/a',
          request,
        ),
      ),
    ).toBe(true);
    expect(
      unreadable(
        await send(answering(new Response(null, { status: 201 })), 'https://api.test/a', request),
      ),
    ).toBe(false);
    expect(
      unreadable(
        await send(
          answering(new Response('<html>busy</html>', { status: 503 })),
          'https://api.test/a',
          request,
        ),
      ),
    ).toBe(false);
  });

  it('counts a 2xx whose body was lost as no answer that may have made something, and keeps an error status whose body was lost', async () => {
    expect(await send(answering(brokenBody(200)), 'https://api.test/a', request)).toMatchObject({
      ok: false,
      status: undefined,
      neverSent: false,
    });
    expect(await send(answering(brokenBody(500)), 'https://api.test/a', request)).toMatchObject({
      ok: false,
      status: 500,
      text: '',
      json: undefined,
    });
  });
});
