import { describe, expect, it } from 'vitest';
import {
  actionForLinkFailure,
  actionForOutcome,
  authViewReducer,
  initialAuthViewState,
  parseActionLink,
  viewFromSearch,
  type AuthView,
  type AuthViewState,
} from './auth-view';
import { authCopy } from './copy';

const start = (patch: Partial<AuthViewState> = {}): AuthViewState => ({
  ...initialAuthViewState(''),
  ...patch,
});

describe('initial view', () => {
  it.each([
    ['', 'sign_in'],
    ['?view=sign_up', 'sign_up'],
    ['?view=forgotten_password', 'forgotten_password'],
    ['?view=magic_link', 'magic_link'],
    ['?view=verify_otp', 'verify_otp'],
    ['?view=update_password', 'sign_in'],
    ['?view=nonsense', 'sign_in'],
  ])('opens %j on %s', (search, view) => {
    expect(viewFromSearch(search)).toBe(view);
    expect(initialAuthViewState(search).view).toBe(view);
  });

  it('waits for an action link found in the URL', () => {
    expect(initialAuthViewState('?mode=verifyEmail&oobCode=abc').checkingLink).toBe(true);
    expect(initialAuthViewState('?view=sign_up').checkingLink).toBe(false);
  });
});

describe('action links', () => {
  it.each([
    ['?mode=resetPassword&oobCode=abc', { mode: 'resetPassword', oobCode: 'abc' }],
    ['?mode=verifyEmail&oobCode=abc&apiKey=k&lang=en', { mode: 'verifyEmail', oobCode: 'abc' }],
    ['?mode=signIn&oobCode=abc', { mode: 'signIn', oobCode: 'abc' }],
    ['?mode=recoverEmail&oobCode=abc', { mode: 'recoverEmail', oobCode: 'abc' }],
    ['?mode=verifyEmail', null],
    ['?mode=verifyEmail&oobCode=', null],
    ['?mode=somethingElse&oobCode=abc', null],
    ['?oobCode=abc', null],
  ])('reads %s', (search, link) => {
    expect(parseActionLink(search)).toEqual(link);
  });
});

describe('switching views by link', () => {
  it('goes from sign_in to sign_up and back', () => {
    const signUp = authViewReducer(start(), { type: 'show', view: 'sign_up' });
    expect(signUp.view).toBe('sign_up');
    expect(authViewReducer(signUp, { type: 'show', view: 'sign_in' }).view).toBe('sign_in');
  });

  it.each<AuthView>(['sign_up', 'forgotten_password', 'magic_link', 'verify_otp'])(
    'returns to sign_in from %s',
    (view) => {
      expect(authViewReducer(start({ view }), { type: 'show', view: 'sign_in' }).view).toBe(
        'sign_in',
      );
    },
  );

  it('clears the message of the view left behind', () => {
    const state = start({ message: { tone: 'danger', text: 'Nope.' } });
    expect(authViewReducer(state, { type: 'show', view: 'forgotten_password' }).message).toBeNull();
  });

  it('refuses update_password without a verified reset code', () => {
    const state = start();
    expect(authViewReducer(state, { type: 'show', view: 'update_password' })).toBe(state);
  });

  it('forgets the reset code when the user leaves update_password', () => {
    const state = start({ view: 'update_password', resetCode: 'code', resetEmail: 'a@b.c' });
    expect(authViewReducer(state, { type: 'show', view: 'sign_in' })).toMatchObject({
      view: 'sign_in',
      resetCode: null,
      resetEmail: null,
    });
  });
});

describe('calls', () => {
  it('marks the form busy and clears the old message on submit', () => {
    const state = authViewReducer(start({ message: { tone: 'danger', text: 'old' } }), {
      type: 'submitted',
    });
    expect(state).toMatchObject({ busy: true, message: null });
  });

  it('shows a success text in the normal box and stays on the view', () => {
    const busy = start({ view: 'sign_up', busy: true });
    expect(
      authViewReducer(busy, { type: 'succeeded', view: 'sign_up', text: authCopy.success.signUp }),
    ).toMatchObject({
      view: 'sign_up',
      busy: false,
      message: { tone: 'default', text: 'Check your email for the confirmation link' },
    });
  });

  it('shows a failure in the danger box', () => {
    const busy = start({ busy: true });
    expect(
      authViewReducer(busy, {
        type: 'failed',
        view: 'sign_in',
        text: 'The email or password is incorrect.',
      }),
    ).toMatchObject({
      busy: false,
      message: { tone: 'danger', text: 'The email or password is incorrect.' },
    });
  });

  it('drops the result of a call made from a view the user has left', () => {
    const moved = authViewReducer(start({ busy: true }), { type: 'show', view: 'sign_up' });
    expect(moved.busy).toBe(false);
    expect(authViewReducer(moved, { type: 'failed', view: 'sign_in', text: 'late' })).toBe(moved);
    expect(authViewReducer(moved, { type: 'succeeded', view: 'sign_in', text: 'late' })).toBe(
      moved,
    );
  });
});

describe('auth events', () => {
  it('opens update_password when a password-recovery event arrives', () => {
    const state = authViewReducer(start({ checkingLink: true }), {
      type: 'password_recovery',
      code: 'oob',
      email: 'a@b.c',
    });
    expect(state).toMatchObject({
      view: 'update_password',
      checkingLink: false,
      resetCode: 'oob',
      resetEmail: 'a@b.c',
      message: null,
    });
  });

  it('returns to sign_in with the success text after a user-updated event', () => {
    const state = authViewReducer(
      start({ view: 'update_password', busy: true, resetCode: 'oob', resetEmail: 'a@b.c' }),
      {
        type: 'user_updated',
        text: authCopy.success.passwordUpdated,
      },
    );
    expect(state).toMatchObject({
      view: 'sign_in',
      busy: false,
      resetCode: null,
      message: { tone: 'default', text: 'Your password has been updated' },
    });
  });
});

describe('spent codes', () => {
  it('confirms an email from a link on sign_in', () => {
    const action = actionForOutcome({ kind: 'email_confirmed' }, 'link');
    expect(authViewReducer(start({ checkingLink: true }), action)).toMatchObject({
      view: 'sign_in',
      checkingLink: false,
      message: { tone: 'default', text: 'Your email has been confirmed. You can sign in now.' },
    });
  });

  it('confirms an email from a typed code and moves to sign_in', () => {
    const action = actionForOutcome({ kind: 'email_confirmed' }, 'verify_otp');
    expect(authViewReducer(start({ view: 'verify_otp', busy: true }), action)).toMatchObject({
      view: 'sign_in',
      busy: false,
      message: { tone: 'default', text: authCopy.success.emailConfirmed },
    });
  });

  it('turns a reset code into the password-recovery event', () => {
    expect(
      actionForOutcome({ kind: 'password_reset', code: 'c', email: 'e@x.y' }, 'verify_otp'),
    ).toEqual({ type: 'password_recovery', code: 'c', email: 'e@x.y' });
  });

  it.each(['link', 'verify_otp'] as const)(
    'waits busy on sign_in for the redirect after a sign-in by %s',
    (source) => {
      const state = authViewReducer(
        start({ view: 'verify_otp', checkingLink: source === 'link' }),
        actionForOutcome({ kind: 'signed_in' }, source),
      );
      expect(state).toMatchObject({
        view: 'sign_in',
        checkingLink: false,
        busy: true,
        message: null,
      });
    },
  );

  it('asks for the email when a sign-in link is opened in another browser', () => {
    const action = actionForOutcome({ kind: 'needs_email', code: 'c' }, 'link');
    expect(authViewReducer(start({ checkingLink: true }), action)).toMatchObject({
      view: 'verify_otp',
      checkingLink: false,
    });
  });

  it.each([
    ['resetPassword', 'forgotten_password'],
    ['verifyEmail', 'sign_in'],
    ['signIn', 'sign_in'],
  ] as const)('sends a failed %s link to %s with the error', (mode, view) => {
    const state = authViewReducer(
      start({ checkingLink: true }),
      actionForLinkFailure({ mode, oobCode: 'x' }, 'This link has expired.'),
    );
    expect(state).toMatchObject({
      view,
      checkingLink: false,
      message: { tone: 'danger', text: 'This link has expired.' },
    });
  });
});
