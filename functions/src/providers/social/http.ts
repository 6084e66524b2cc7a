// The one HTTP layer under the platform clients (x.ts, linkedin.ts, reddit.ts, youtube.ts). Each client
// builds its own headers and reads its platform's errors; here a request is sent once, within its
// timeout, and the answer says whether it can have arrived. That is what exactly-once publishing rests on
// (functions/src/social/publish-run.ts): a request that never left may be sent again, one that may have
// arrived is looked up on the platform before anything is sent again.

import { jsonObject } from '@core/json';

/** The platform answered: its status, headers and body (`json` is undefined when the body is empty or not JSON); `ok` for a 2xx. */
interface Answered<Ok extends boolean> {
  ok: Ok;
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export type HttpAnswer =
  | Answered<true>
  | Answered<false>
  /** No usable answer. `neverSent`: the connection was never made, so nothing reached the platform. */
  | { ok: false; status: undefined; error: unknown; neverSent: boolean };

export interface HttpRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData;
  timeoutMs: number;
  redirect?: RequestInit['redirect'];
}

/** Network errors that prove the request never left this machine (undici puts the code on `cause`). */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function neverSent(error: unknown): boolean {
  const code = jsonObject(jsonObject(error)?.cause)?.code ?? jsonObject(error)?.code;
  return typeof code === 'string' && NOT_SENT_CODES.has(code);
}

/**
 * Sends one request, never retried here. A 2xx whose body could not be read counts as no answer (the
 * request arrived and may have made something we cannot see); an error status whose body was lost keeps
 * its status with an empty body.
 */
export async function send(
  fetchFn: typeof fetch,
  url: string,
  request: HttpRequest,
): Promise<HttpAnswer> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: request.method,
      headers: request.headers,
      body: request.body as RequestInit['body'],
      ...(request.redirect ? { redirect: request.redirect } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    return { ok: false, status: undefined, error, neverSent: neverSent(error) };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (response.ok) return { ok: false, status: undefined, error, neverSent: false };
    text = '';
  }
  const answered = {
    status: response.status,
    headers: response.headers,
    text,
    json: parseJson(text),
  };
  return response.ok ? { ok: true, ...answered } : { ok: false, ...answered };
}

/** A 2xx whose body is not the JSON the platform documents: it may have made something we cannot see. */
export function unreadable(answer: HttpAnswer): boolean {
  return answer.ok && answer.text !== '' && answer.json === undefined;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
