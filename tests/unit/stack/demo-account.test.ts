import { describe, expect, it } from 'vitest';
import { connectOAuthPlatform } from '../../../scripts/stack/demo-account';

// The demo account starts with Reddit and YouTube connected: the seed runs their Connect as a user's
// click does (start, the sandbox's consent, complete with its code and state), so the tokens are stored
// by the same callable the OAuth callback page uses.

function consentThatApproves(authorizeUrl: string) {
  const calls: [string, unknown][] = [];
  const asked: string[] = [];
  return {
    calls,
    asked,
    call: async (name: string, data: unknown) => {
      calls.push([name, data]);
      return name === 'startSocialOAuth' ? { authorizeUrl } : { connected: true };
    },
    fetch: (async (url: string, init?: RequestInit) => {
      asked.push(`${url} ${init?.redirect}`);
      return new Response(null, {
        status: 302,
        headers: { location: 'http://127.0.0.1:5173/social/reddit/callback?code=c-1&state=s-1' },
      });
    }) as typeof fetch,
  };
}

describe('connectOAuthPlatform', () => {
  it('starts Connect, reads the consent redirect without following it, and completes with its code', async () => {
    const flow = consentThatApproves('http://127.0.0.1:8901/api/v1/authorize?state=s-1');
    await connectOAuthPlatform('reddit', flow);
    expect(flow.asked).toEqual(['http://127.0.0.1:8901/api/v1/authorize?state=s-1 manual']);
    expect(flow.calls).toEqual([
      ['startSocialOAuth', { platform: 'reddit' }],
      ['completeSocialOAuth', { platform: 'reddit', code: 'c-1', state: 's-1' }],
    ]);
  });

  it('fails loudly when the consent does not approve', async () => {
    const flow = consentThatApproves('http://127.0.0.1:8902/o/oauth2/v2/auth');
    flow.fetch = (async () => new Response('denied', { status: 400 })) as typeof fetch;
    await expect(connectOAuthPlatform('youtube', flow)).rejects.toThrow(/did not approve/);
    expect(flow.calls.map(([name]) => name)).toEqual(['startSocialOAuth']);
  });
});
