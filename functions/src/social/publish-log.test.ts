import { describe, expect, it } from 'vitest';
import { platformAdapters } from './platforms';
import { answerOutcome, recordingFetch, requestStep } from './publish-log';

describe('publish log', () => {
  it.each([
    ['x', 'POST', 'https://api.x.com/2/tweets', 'Create post'],
    ['x', 'POST', 'https://api.x.com/2/media/upload/initialize', 'Upload media'],
    ['linkedin', 'POST', 'https://api.linkedin.com/rest/posts', 'Create post'],
    ['linkedin', 'PUT', 'https://www.linkedin.com/dms-uploads/image/abc', 'Upload media'],
    ['reddit', 'POST', 'https://oauth.reddit.com/api/submit', 'Create post'],
    ['reddit', 'POST', 'https://oauth.reddit.com/api/media/asset.json', 'Upload media'],
    [
      'youtube',
      'POST',
      'https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable',
      'Start upload',
    ],
    [
      'youtube',
      'PUT',
      'https://www.googleapis.com/upload/youtube/v3/videos?upload_id=1',
      'Upload video',
    ],
  ] as const)('names %s %s %s as "%s"', (platform, method, url, step) => {
    expect(requestStep(platformAdapters[platform].requestStep, method, url)).toBe(step);
  });

  it('says whether an answer came, the request timed out or never left', () => {
    expect(answerOutcome({ status: 503 })).toBe('HTTP 503');
    expect(answerOutcome({ error: Object.assign(new Error('t'), { name: 'TimeoutError' }) })).toBe(
      'No answer (timed out)',
    );
    expect(
      answerOutcome({
        error: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
      }),
    ).toBe('Not sent (no connection)');
    expect(
      answerOutcome({
        error: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }),
      }),
    ).toBe('No answer (connection failed)');
  });

  it('logs every request that can change something before it leaves, and its outcome, but not reads', async () => {
    const events: string[] = [];
    const inner = (async (_url: string, init?: RequestInit) => {
      events.push(`send ${init?.method ?? 'GET'}`);
      if (init?.method === 'PUT') throw Object.assign(new Error('slow'), { name: 'TimeoutError' });
      return new Response('{}', { status: 201 });
    }) as typeof fetch;
    const send = recordingFetch(inner, platformAdapters.x.requestStep, {
      sent: async (step) => {
        events.push(`logged ${step}`);
        return events.length;
      },
      answered: async (_i, outcome) => {
        events.push(`answered ${outcome}`);
      },
    });
    await send('https://api.x.com/2/users/me');
    await send('https://api.x.com/2/tweets', { method: 'POST' });
    await expect(
      send('https://api.x.com/2/media/upload/1/append', { method: 'PUT' }),
    ).rejects.toThrow('slow');
    expect(events).toEqual([
      'send GET',
      'logged Create post',
      'send POST',
      'answered HTTP 201',
      'logged Upload media',
      'send PUT',
      'answered No answer (timed out)',
    ]);
  });
});
