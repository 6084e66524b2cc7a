import { describe, expect, it } from 'vitest';
import {
  dashboardActionLink,
  describeActionLink,
  watchAuthLinks,
  type OobCode,
} from '../../../scripts/stack/auth-links';
import type { Timers } from '../../../scripts/stack/timers';

const dashboard = 'http://127.0.0.1:5173';

/** A code as the Auth emulator of firebase-tools 13 lists it. */
function oob(
  requestType: string,
  mode: string,
  oobCode = 'Code-123_abc',
  extra: Partial<OobCode> = {},
): OobCode {
  const continueUrl = encodeURIComponent('http://127.0.0.1:5173/auth');
  return {
    email: 'new@example.com',
    requestType,
    oobCode,
    oobLink: `http://127.0.0.1:9099/emulator/action?mode=${mode}&lang=en&oobCode=${oobCode}&apiKey=fake-api-key&continueUrl=${continueUrl}`,
    ...extra,
  };
}

describe('rewriting the emulator email links to the dashboard', () => {
  it.each([
    [
      'PASSWORD_RESET',
      'resetPassword',
      `${dashboard}/auth?mode=resetPassword&oobCode=Code-123_abc`,
    ],
    ['VERIFY_EMAIL', 'verifyEmail', `${dashboard}/auth?mode=verifyEmail&oobCode=Code-123_abc`],
    ['RECOVER_EMAIL', 'recoverEmail', `${dashboard}/auth?mode=recoverEmail&oobCode=Code-123_abc`],
    [
      'VERIFY_AND_CHANGE_EMAIL',
      'verifyAndChangeEmail',
      `${dashboard}/auth?mode=verifyAndChangeEmail&oobCode=Code-123_abc`,
    ],
    [
      'EMAIL_SIGNIN',
      'signIn',
      `${dashboard}/auth?mode=signIn&oobCode=Code-123_abc&apiKey=fake-api-key`,
    ],
  ])('a %s link opens /auth with mode %s', (requestType, mode, expected) => {
    expect(dashboardActionLink(oob(requestType, mode), dashboard)).toBe(expected);
  });

  it('uses the dashboard it is given, with or without a trailing slash', () => {
    expect(
      dashboardActionLink(oob('VERIFY_EMAIL', 'verifyEmail', 'x'), 'http://127.0.0.1:17173/'),
    ).toBe('http://127.0.0.1:17173/auth?mode=verifyEmail&oobCode=x');
  });

  it('never carries the emulator placeholder password or its own host', () => {
    const link = dashboardActionLink(oob('PASSWORD_RESET', 'resetPassword'), dashboard);
    expect(link).not.toContain('NEW_PASSWORD_HERE');
    expect(link).not.toContain('9099');
  });

  it.each([
    ['PASSWORD_RESET', 'resetPassword', {}, 'Reset the password of new@example.com'],
    ['VERIFY_EMAIL', 'verifyEmail', {}, 'Verify the email address new@example.com'],
    ['EMAIL_SIGNIN', 'signIn', {}, 'Sign in as new@example.com'],
    [
      'VERIFY_AND_CHANGE_EMAIL',
      'verifyAndChangeEmail',
      { newEmail: 'other@example.com' },
      'Change the email address new@example.com to other@example.com',
    ],
    ['RECOVER_EMAIL', 'recoverEmail', {}, 'Restore the email address new@example.com'],
  ])('describes a %s link by what it does and for whom', (requestType, mode, extra, what) => {
    const code = oob(requestType, mode, 'c1', extra);
    expect(describeActionLink(code, dashboard)).toBe(
      `${what}: ${dashboardActionLink(code, dashboard)}`,
    );
  });
});

const noTimers: Timers = { setTimeout: () => 0, clearTimeout: () => undefined };

describe('watching the emulator for new email links', () => {
  it('reports each new code once, and none of those there before it started', async () => {
    let codes = [oob('VERIFY_EMAIL', 'verifyEmail', 'old')];
    const lines: string[] = [];
    const watcher = await watchAuthLinks({
      list: async () => codes,
      onLink: (line) => lines.push(line),
      dashboardUrl: dashboard,
      everyMs: 1000,
      timers: noTimers,
    });

    codes = [...codes, oob('PASSWORD_RESET', 'resetPassword', 'new1')];
    await watcher.check();
    await watcher.check();
    codes = [...codes, oob('VERIFY_EMAIL', 'verifyEmail', 'new2')];
    await watcher.check();

    expect(lines).toEqual([
      `Reset the password of new@example.com: ${dashboard}/auth?mode=resetPassword&oobCode=new1`,
      `Verify the email address new@example.com: ${dashboard}/auth?mode=verifyEmail&oobCode=new2`,
    ]);
    watcher.stop();
  });

  it('checks again at its interval and keeps going when the emulator does not answer', async () => {
    const due: (() => void)[] = [];
    const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
    let answers = 0;
    const list = async () => {
      answers += 1;
      if (answers === 2) throw new Error('connection refused');
      return answers >= 3 ? [oob('VERIFY_EMAIL', 'verifyEmail', 'late')] : [];
    };
    const lines: string[] = [];
    const watcher = await watchAuthLinks({
      list,
      onLink: (line) => lines.push(line),
      dashboardUrl: dashboard,
      everyMs: 1000,
      timers,
    });
    for (let i = 0; i < 2; i++) {
      due.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(lines).toEqual([
      `Verify the email address new@example.com: ${dashboard}/auth?mode=verifyEmail&oobCode=late`,
    ]);
    watcher.stop();
  });
});
