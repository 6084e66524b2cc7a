import { describe, expect, it } from 'vitest';
import { withTransportRetry } from '../../support/transport-retry';

function failing(errors: unknown[], value = 'ok') {
  let calls = 0;
  const fn = async () => {
    const e = errors[calls++];
    if (e) throw e;
    return value;
  };
  return { fn, calls: () => calls };
}

describe('withTransportRetry', () => {
  it.each([
    [
      'a reset socket under fetch',
      new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }),
    ],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a hung-up socket', new Error('socket hang up')],
  ])('sends again after %s', async (_, error) => {
    const f = failing([error]);
    await expect(withTransportRetry(f.fn)).resolves.toBe('ok');
    expect(f.calls()).toBe(2);
  });

  it('throws any other failure at once', async () => {
    const f = failing([new Error('accounts:signUp failed: 400 EMAIL_EXISTS')]);
    await expect(withTransportRetry(f.fn)).rejects.toThrow('EMAIL_EXISTS');
    expect(f.calls()).toBe(1);
  });

  it('gives up after the last attempt', async () => {
    const reset = new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    const f = failing([reset, reset, reset]);
    await expect(withTransportRetry(f.fn)).rejects.toBe(reset);
    expect(f.calls()).toBe(3);
  });
});
