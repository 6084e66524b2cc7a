import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { readCallableError } from './callable-error';

describe('readCallableError', () => {
  it('shows the function’s message and marks one that points at Integrations', () => {
    const error = new FirebaseError('functions/failed-precondition', 'Add your OpenAI API key in Integrations to use this model.');
    expect(readCallableError(error, 'Failed to process AI request')).toEqual({
      code: 'failed-precondition',
      message: 'Add your OpenAI API key in Integrations to use this model.',
      needsIntegrations: true,
    });
  });

  it.each([
    ['functions/internal', 'internal'],
    ['functions/internal', 'INTERNAL'],
    ['functions/deadline-exceeded', 'deadline-exceeded'],
  ])('uses the fallback for the SDK’s bare code word (%s: %s)', (code, message) => {
    expect(readCallableError(new FirebaseError(code, message), 'Failed to save API key')).toMatchObject({ message: 'Failed to save API key', needsIntegrations: false });
  });

  it('does not send the user to Integrations for other failures that mention it', () => {
    const error = new FirebaseError('functions/resource-exhausted', 'OpenAI is busy right now (rate limited). Please try again in a minute.');
    expect(readCallableError(error, 'x').needsIntegrations).toBe(false);
  });

  it('uses the fallback for anything that is not a callable error', () => {
    expect(readCallableError(new Error('boom'), 'Failed to enhance prompt')).toEqual({ code: 'unknown', message: 'Failed to enhance prompt', needsIntegrations: false });
  });
});
