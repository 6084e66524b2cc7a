import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { readCallableError } from './callable-error';

const fail = (code: string, message: string) => new FirebaseError(`functions/${code}`, message);

describe('readCallableError', () => {
  it.each([
    ['the function message without the status the SDK appends', fail('failed-precondition', 'BlackForest API key not found. Please add your API key in the Integrations page. [400]'), 'BlackForest API key not found. Please add your API key in the Integrations page.', true],
    ['the fallback for a bare code with a status', fail('internal', 'internal [500]'), 'Fallback', false],
    ['the fallback for a bare code', fail('internal', 'INTERNAL'), 'Fallback', false],
    ['a message without a status as is', fail('invalid-argument', 'Input image not found. Please upload it again.'), 'Input image not found. Please upload it again.', false],
    ['the fallback for anything else', new Error('boom'), 'Fallback', false],
  ])('shows %s', (_name, error, message, needsIntegrations) => {
    expect(readCallableError(error, 'Fallback')).toMatchObject({ message, needsIntegrations });
  });
});
