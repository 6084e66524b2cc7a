import { afterEach, describe, expect, it } from 'vitest';
import { callableReads, followSignedInAccount, forgetCallableReads } from './query-client';

const key = ['getPlatformProfile', 'x'];

describe('followSignedInAccount', () => {
  afterEach(forgetCallableReads);

  it("keeps an account's answers while it stays signed in, and forgets them when another account signs in", () => {
    const follow = followSignedInAccount();
    follow('alice');
    callableReads.setQueryData(key, { followers: 12 });
    follow('alice');
    expect(callableReads.getQueryData(key)).toEqual({ followers: 12 });
    follow('bob');
    expect(callableReads.getQueryData(key)).toBeUndefined();
  });

  it('forgets them on sign-out', () => {
    const follow = followSignedInAccount();
    follow('alice');
    callableReads.setQueryData(key, { followers: 12 });
    follow(null);
    expect(callableReads.getQueryData(key)).toBeUndefined();
  });

  it('keeps what was read before the first answer of the same account', () => {
    callableReads.setQueryData(key, { followers: 3 });
    followSignedInAccount()('alice');
    expect(callableReads.getQueryData(key)).toEqual({ followers: 3 });
  });
});
