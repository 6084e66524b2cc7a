import { describe, expect, it } from 'vitest';
import {
  explainFailure,
  failureStepOfRequest,
  platformCodeOf,
  findPlatformError,
  fixActions,
  failureSteps,
  platformErrorCatalogue,
  type FailureToExplain,
} from './platform-errors';

describe('the platform error catalogue', () => {
  it('holds at least 25 errors, each named once, with a step, words and a fix', () => {
    expect(platformErrorCatalogue.length).toBeGreaterThanOrEqual(25);
    expect(new Set(platformErrorCatalogue.map((e) => e.id)).size).toBe(
      platformErrorCatalogue.length,
    );
    for (const entry of platformErrorCatalogue) {
      expect(failureSteps).toContain(entry.step);
      expect(fixActions).toContain(entry.fix.action);
      expect(entry.message.length).toBeGreaterThan(10);
      expect(entry.fix.label.length).toBeGreaterThan(2);
      expect(
        entry.status !== undefined ||
          entry.platformCode !== undefined ||
          entry.failureCode !== undefined,
      ).toBe(true);
    }
  });

  it.each(platformErrorCatalogue.map((e) => [e.id, e] as const))(
    '%s is what its own answer maps to',
    (_id, entry) => {
      const failure: FailureToExplain = {
        platform: entry.platform,
        code: entry.failureCode ?? 'invalid_content',
        ...(entry.status === undefined ? {} : { status: entry.status }),
        ...(entry.platformCode ? { platformCode: entry.platformCode } : {}),
      };
      expect(findPlatformError(failure)?.id).toBe(entry.id);
      expect(explainFailure(failure)).toEqual({
        id: entry.id,
        step: entry.step,
        message: entry.message,
        fix: entry.fix,
      });
    },
  );

  // What the sandbox cannot make the publish path answer (tests/functions/platform-errors.test.ts has the rest).
  it.each<[string, FailureToExplain, { id: string; step: string; action: string }]>([
    [
      'X media processing failed',
      { platform: 'x', code: 'media_processing_failed' },
      { id: 'x.media-processing-failed', step: 'processing', action: 'edit' },
    ],
    [
      'LinkedIn video processing failed',
      { platform: 'linkedin', code: 'media_processing_failed' },
      { id: 'linkedin.processing-failed', step: 'processing', action: 'edit' },
    ],
    [
      'LinkedIn 401 with no code',
      {
        platform: 'linkedin',
        code: 'auth_expired',
        status: 401,
        platformCode: 'INVALID_ACCESS_TOKEN',
      },
      { id: 'linkedin.unauthorized', step: 'sign-in', action: 'reconnect' },
    ],
    [
      'YouTube insufficientPermissions',
      {
        platform: 'youtube',
        code: 'forbidden',
        status: 403,
        platformCode: 'insufficientPermissions',
      },
      { id: 'youtube.insufficient-permissions', step: 'sign-in', action: 'reconnect' },
    ],
    [
      'YouTube 401',
      { platform: 'youtube', code: 'auth_expired', status: 401, platformCode: 'authError' },
      { id: 'youtube.unauthorized', step: 'sign-in', action: 'reconnect' },
    ],
    [
      'Reddit TOO_LONG',
      { platform: 'reddit', code: 'invalid_content', platformCode: 'TOO_LONG' },
      { id: 'reddit.too-long', step: 'create', action: 'shorten' },
    ],
    [
      'X 401 on the media upload',
      {
        platform: 'x',
        code: 'auth_expired',
        status: 401,
        platformCode: 'Unauthorized',
        requestStep: 'upload',
      },
      { id: 'x.unauthorized', step: 'upload', action: 'reconnect' },
    ],
    [
      'X plain 403 (a refusal of this request, not of the sign-in)',
      { platform: 'x', code: 'forbidden', status: 403, platformCode: 'Forbidden' },
      { id: 'x.forbidden', step: 'create', action: 'retry' },
    ],
    [
      "X 403 oauth1-permissions (the app's Read and Write permission)",
      { platform: 'x', code: 'forbidden', status: 403, platformCode: 'oauth1-permissions' },
      { id: 'x.app-read-only', step: 'create', action: 'reconnect' },
    ],
    [
      'X 401 code 89 (invalid or expired token)',
      { platform: 'x', code: 'auth_expired', status: 401, platformCode: '89' },
      { id: 'x.token-invalid', step: 'sign-in', action: 'reconnect' },
    ],
    [
      'a 403 no entry names',
      { platform: 'reddit', code: 'forbidden', status: 403 },
      { id: 'generic.forbidden', step: 'create', action: 'retry' },
    ],
    [
      'a refused refresh (no request sent)',
      { platform: 'reddit', code: 'auth_expired' },
      { id: 'generic.auth_expired', step: 'sign-in', action: 'reconnect' },
    ],
    [
      'a library file gone',
      { platform: 'x', code: 'media_missing' },
      { id: 'generic.media_missing', step: 'upload', action: 'edit' },
    ],
    [
      'an unknown outcome on the create',
      { platform: 'x', code: 'unknown_outcome', requestStep: 'create' },
      { id: 'generic.unknown_outcome', step: 'create', action: 'retry' },
    ],
  ])('%s', (_name, failure, want) => {
    const explained = explainFailure(failure);
    expect({ id: explained.id, step: explained.step, action: explained.fix.action }).toEqual(want);
  });

  it('reads the step of a logged request', () => {
    expect(
      ['Upload media', 'Start upload', 'Upload video', 'Create post', 'First comment'].map(
        failureStepOfRequest,
      ),
    ).toEqual(['upload', 'upload', 'upload', 'create', 'comment']);
  });

  it.each([
    [
      'x',
      {
        title: 'CreditsDepleted',
        detail: 'No credits',
        type: 'https://api.twitter.com/2/problems/credits',
      },
      'CreditsDepleted',
    ],
    ['x', { errors: [{ code: 187, message: 'Status is a duplicate.' }] }, '187'],
    [
      'x',
      {
        title: 'Forbidden',
        detail: 'Your client app is not configured with the appropriate oauth1 app permissions.',
        type: 'https://api.twitter.com/2/problems/oauth1-permissions',
      },
      'oauth1-permissions',
    ],
    ['x', { title: 'Forbidden', detail: 'Forbidden', type: 'about:blank' }, 'Forbidden'],
    ['x', { errors: [{ code: 89, message: 'Invalid or expired token.' }] }, '89'],
    [
      'linkedin',
      {
        status: 426,
        code: 'NONEXISTENT_VERSION',
        message: 'Requested version 20240101 is not active',
      },
      'NONEXISTENT_VERSION',
    ],
    [
      'linkedin',
      { status: 422, errorDetails: { inputErrors: [{ code: 'DUPLICATE_POST' }] } },
      'DUPLICATE_POST',
    ],
    [
      'reddit',
      { json: { errors: [['NO_SELFS', "This community doesn't allow text posts.", 'sr']] } },
      'NO_SELFS',
    ],
    ['reddit', { json: { errors: [], data: { id: 'abc' } } }, undefined],
    [
      'youtube',
      {
        error: { code: 400, errors: [{ domain: 'youtube.video', reason: 'uploadLimitExceeded' }] },
      },
      'uploadLimitExceeded',
    ],
    ['youtube', 'not json', undefined],
  ] as const)("reads %s's own code in %j", (platform, body, code) => {
    expect(platformCodeOf(platform, body)).toBe(code);
  });
});
