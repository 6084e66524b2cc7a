import { FirebaseError } from 'firebase/app';
import { FunctionsError } from 'firebase/functions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readCallableError } from './call';

// The SDK's FunctionsError carries the HttpsError details the function sent.
function callableError(code: string, message: string, details?: unknown): FirebaseError {
  return new FunctionsError(code as never, message, details);
}

describe('readCallableError', () => {
  it('sends the user to Integrations from the reason in the details, not from the words', () => {
    const error = callableError(
      'failed-precondition',
      'OpenAI API key not found. Please add it first.',
      { reason: 'missing-key', provider: 'openai' },
    );
    expect(readCallableError(error, 'Failed to process AI request')).toEqual({
      code: 'failed-precondition',
      reason: 'missing-key',
      message: 'OpenAI API key not found. Please add it first.',
      needsIntegrations: true,
    });
  });

  it('does not send the user to Integrations when the text mentions it but no reason says so', () => {
    const error = callableError(
      'failed-precondition',
      'Add your OpenAI API key in Integrations to use this model.',
    );
    expect(readCallableError(error, 'x')).toMatchObject({ reason: null, needsIntegrations: false });
  });

  it.each([
    ['invalid-key', 'invalid-key', true],
    ['unreadable-credentials', 'unreadable-credentials', true],
    ['out-of-credit', 'out-of-credit', false],
    ['rate-limited', 'rate-limited', false],
    ['not-a-reason', null, false],
  ])('details reason %s reads as %s, needs Integrations: %s', (sent, reason, needs) => {
    const failure = readCallableError(
      callableError('failed-precondition', 'Something', { reason: sent }),
      'x',
    );
    expect(failure).toMatchObject({ reason, needsIntegrations: needs });
  });

  it.each([
    ['internal', 'internal'],
    ['internal', 'INTERNAL'],
    ['deadline-exceeded', 'deadline-exceeded'],
  ])('uses the fallback for the SDK’s bare code word (%s: %s)', (code, message) => {
    expect(readCallableError(callableError(code, message), 'Failed to save API key')).toMatchObject(
      { message: 'Failed to save API key', needsIntegrations: false },
    );
  });

  it('drops the HTTP status the SDK appends to the message', () => {
    expect(
      readCallableError(
        new FirebaseError('functions/invalid-argument', 'Prompt is required. [400]'),
        'x',
      ).message,
    ).toBe('Prompt is required.');
  });

  it('says the server could not be reached when no answer came (the SDK\'s "internal [0]")', () => {
    expect(
      readCallableError(
        new FirebaseError('functions/internal', 'internal [0]'),
        'Failed to generate post content.',
      ),
    ).toEqual({
      code: 'unavailable',
      reason: null,
      message: "Muse Studio's server could not be reached. Check your connection and try again.",
      needsIntegrations: false,
    });
  });

  it('shows the first schema message for input refused before sending', () => {
    const parsed = z
      .object({ prompt: z.string().min(1, 'Please provide a prompt') })
      .safeParse({ prompt: '' });
    expect(readCallableError(parsed.error, 'x')).toEqual({
      code: 'invalid-argument',
      reason: null,
      message: 'Please provide a prompt',
      needsIntegrations: false,
    });
  });

  it('uses the fallback for anything that is not a callable error', () => {
    expect(readCallableError(new Error('boom'), 'Failed to enhance prompt')).toEqual({
      code: 'unknown',
      reason: null,
      message: 'Failed to enhance prompt',
      needsIntegrations: false,
    });
  });
});
