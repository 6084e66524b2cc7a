import type { PostMetricCounts, PostMetricKey } from '@core/post-metrics';
import { jsonObject } from '@core/json';

// Reading the platforms' answers: a figure is kept only when it is a finite number, or a digit string (YouTube).

/** `{[key]: n}` when the value is a count, else nothing. */
export function count(key: PostMetricKey, value: unknown): PostMetricCounts {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  // A Reddit score may be below zero; every other figure is a count.
  return typeof n === 'number' && Number.isFinite(n) && (n >= 0 || key === 'score')
    ? { [key]: n }
    : {};
}

/** One GET with a timeout: the status and the JSON body, or undefined status when no answer came. */
export async function getJson(
  fetcher: typeof fetch,
  url: string,
  headers: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ status: number | undefined; json: Record<string, unknown> | undefined }> {
  try {
    const res = await fetcher(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = text ? jsonObject(JSON.parse(text)) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  } catch {
    return { status: undefined, json: undefined };
  }
}

/** A refusal in plain words, by HTTP status (the platform's own words where it gives them). */
export function refusal(
  platform: string,
  status: number | undefined,
): {
  code: 'auth_expired' | 'forbidden' | 'not_found' | 'rate_limited' | 'unavailable';
  message: string;
  status?: number;
} {
  if (status === undefined) return { code: 'unavailable', message: `${platform} did not answer.` };
  if (status === 401)
    return { code: 'auth_expired', message: `${platform} refused the saved sign-in.`, status };
  if (status === 403)
    return {
      code: 'forbidden',
      message: `${platform} does not let this account read the post's figures.`,
      status,
    };
  if (status === 404)
    return { code: 'not_found', message: `${platform} no longer has this post.`, status };
  if (status === 429)
    return { code: 'rate_limited', message: `${platform} asked us to slow down.`, status };
  return { code: 'unavailable', message: `${platform} answered HTTP ${status}.`, status };
}
