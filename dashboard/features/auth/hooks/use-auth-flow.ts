import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { getFirebaseApp } from '@/lib/firebase-app';
import { updatePassword } from '../api/confirm-password-reset';
import { sendMagicLink } from '../api/magic-link';
import { resolveActionLink } from '../api/resolve-action-link';
import { sendPasswordReset } from '../api/send-password-reset';
import { signInWithPassword } from '../api/sign-in-with-password';
import { signUp } from '../api/sign-up';
import { verifyOtp } from '../api/verify-otp';
import { APP_ERROR_CODES, AuthFlowError, authErrorMessage } from '@core/auth-errors';
import {
  actionForLinkFailure,
  actionForOutcome,
  authViewReducer,
  initialAuthViewState,
  isOpenableView,
  parseActionLink,
  type AuthViewAction,
} from '../utils/auth-view';
import { authCopy } from '../utils/copy';
import { authContinueUrl } from '../utils/continue-url';

export interface AuthFormValues {
  email: string;
  password: string;
  token: string;
}

/** Wires the view state machine to the URL, to email action links and to the Firebase calls. */
export function useAuthFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const { announce } = useAuth();
  const [state, dispatch] = useReducer(authViewReducer, location.search, initialAuthViewState);
  const [values, setValues] = useState<AuthFormValues>({ email: '', password: '', token: '' });

  const setValue = useCallback(
    (name: keyof AuthFormValues, value: string) => setValues((v) => ({ ...v, [name]: value })),
    [],
  );

  const apply = useCallback(
    (action: AuthViewAction) => {
      dispatch(action);
      // The rest of the app hears the same events Supabase-style listeners expect.
      if (action.type === 'password_recovery') {
        setValues((v) => ({ ...v, email: action.email, password: '' }));
        announce('PASSWORD_RECOVERY');
      }
      if (action.type === 'user_updated') announce('USER_UPDATED');
    },
    [announce],
  );

  // View links are real links (?view=...), so Back and deep links work; the URL drives the view.
  const urlView = new URLSearchParams(location.search).get('view');
  const shownUrlView = useRef(urlView);
  useEffect(() => {
    if (urlView === shownUrlView.current) return;
    shownUrlView.current = urlView;
    dispatch({ type: 'show', view: isOpenableView(urlView) ? urlView : 'sign_in' });
  }, [urlView]);

  useEffect(() => {
    setValues((v) => (v.password ? { ...v, password: '' } : v));
  }, [state.view]);

  // A code is single-use: apply it once (StrictMode runs effects twice) and drop it from the URL,
  // so a reload does not try to spend it again.
  const linkTaken = useRef(false);
  useEffect(() => {
    if (linkTaken.current) return;
    linkTaken.current = true;
    const link = parseActionLink(location.search);
    if (!link) return;
    const href = window.location.href;
    navigate(
      { pathname: location.pathname, search: '', hash: location.hash },
      { replace: true, state: location.state },
    );
    resolveActionLink(getFirebaseApp().auth, link, href).then(
      (outcome) => {
        if (outcome.kind === 'needs_email') setValues((v) => ({ ...v, token: outcome.code }));
        apply(actionForOutcome(outcome, 'link'));
      },
      (error: unknown) => apply(actionForLinkFailure(link, authErrorMessage(error))),
    );
  }, [apply, location, navigate]);

  const submit = useCallback(async () => {
    if (state.busy || state.checkingLink) return;
    const view = state.view;
    const { auth } = getFirebaseApp();
    const continueUrl = authContinueUrl(window.location.origin);
    const email = values.email.trim();
    dispatch({ type: 'submitted' });
    try {
      switch (view) {
        case 'sign_in':
          await signInWithPassword(auth, { email, password: values.password, continueUrl });
          // Stays busy: the session arrives and the route redirects.
          return;
        case 'sign_up':
          await signUp(auth, { email, password: values.password, continueUrl });
          setValues((v) => ({ ...v, password: '' }));
          dispatch({ type: 'succeeded', view, text: authCopy.success.signUp });
          return;
        case 'forgotten_password':
          await sendPasswordReset(auth, { email, continueUrl });
          dispatch({ type: 'succeeded', view, text: authCopy.success.resetPassword });
          return;
        case 'magic_link':
          await sendMagicLink(auth, { email, continueUrl });
          dispatch({ type: 'succeeded', view, text: authCopy.success.magicLink });
          return;
        case 'update_password':
          if (!state.resetCode) throw new AuthFlowError(APP_ERROR_CODES.missingResetCode);
          await updatePassword(auth, { code: state.resetCode, newPassword: values.password });
          apply({ type: 'user_updated', text: authCopy.success.passwordUpdated });
          return;
        case 'verify_otp': {
          const outcome = await verifyOtp(auth, { email, token: values.token, continueUrl });
          if (outcome.kind !== 'signed_in') setValues((v) => ({ ...v, token: '' }));
          apply(actionForOutcome(outcome, 'verify_otp'));
          return;
        }
      }
    } catch (error) {
      dispatch({ type: 'failed', view, text: authErrorMessage(error) });
    }
  }, [apply, state.busy, state.checkingLink, state.resetCode, state.view, values]);

  return { state, values, setValue, submit };
}
