import { authCopy } from './copy';
import { AUTH_VIEWS, type AuthView } from './views';

// The sign-in screen's view state machine, kept pure so every
// transition is tested without React or Firebase.

export { AUTH_VIEWS, type AuthView };

export interface AuthMessage {
  tone: 'default' | 'danger';
  text: string;
}

export interface AuthViewState {
  view: AuthView;
  /** A call runs: the submit button is disabled and shows its loading label. */
  busy: boolean;
  /** An email action link from the URL is being applied; the form waits for it. */
  checkingLink: boolean;
  message: AuthMessage | null;
  /** The verified password-reset code that update_password spends. */
  resetCode: string | null;
  resetEmail: string | null;
}

export type AuthViewAction =
  | { type: 'show'; view: AuthView }
  | { type: 'submitted' }
  /** `view` is the view that submitted: a result for a view the user has left is dropped. */
  | { type: 'succeeded'; view: AuthView; text?: string; next?: AuthView }
  | { type: 'failed'; view: AuthView; text: string }
  | { type: 'link_resolved'; next: AuthView; message: AuthMessage | null }
  | { type: 'password_recovery'; code: string; email: string }
  | { type: 'user_updated'; text: string }
  /** A code or link signed the user in: the screen waits, busy, for the route to redirect. */
  | { type: 'signed_in' };

export function isAuthView(value: unknown): value is AuthView {
  return typeof value === 'string' && (AUTH_VIEWS as readonly string[]).includes(value);
}

/** Views a user may open by link or ?view=; update_password needs a verified reset code first. */
export function isOpenableView(value: unknown): value is Exclude<AuthView, 'update_password'> {
  return isAuthView(value) && value !== 'update_password';
}

export type ActionMode =
  'resetPassword' | 'verifyEmail' | 'signIn' | 'recoverEmail' | 'verifyAndChangeEmail';
const ACTION_MODES: readonly string[] = [
  'resetPassword',
  'verifyEmail',
  'signIn',
  'recoverEmail',
  'verifyAndChangeEmail',
];

export interface ActionLink {
  mode: ActionMode;
  oobCode: string;
}

/** Reads a Firebase email action (`?mode=...&oobCode=...`) from the URL, or null. */
export function parseActionLink(search: string): ActionLink | null {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const oobCode = params.get('oobCode')?.trim();
  if (!mode || !ACTION_MODES.includes(mode) || !oobCode) return null;
  return { mode: mode as ActionMode, oobCode };
}

export function viewFromSearch(search: string): AuthView {
  const view = new URLSearchParams(search).get('view');
  return isOpenableView(view) ? view : 'sign_in';
}

/** What spending an email action code did; a link may also need the user's email first. */
export type CodeOutcome =
  | { kind: 'email_confirmed' | 'email_restored' | 'email_changed' }
  | { kind: 'password_reset'; code: string; email: string }
  | { kind: 'signed_in' };
export type LinkOutcome = CodeOutcome | { kind: 'needs_email'; code: string };

export function initialAuthViewState(search: string): AuthViewState {
  return {
    view: viewFromSearch(search),
    busy: false,
    checkingLink: parseActionLink(search) !== null,
    message: null,
    resetCode: null,
    resetEmail: null,
  };
}

export function authViewReducer(state: AuthViewState, action: AuthViewAction): AuthViewState {
  switch (action.type) {
    case 'show': {
      if (!isOpenableView(action.view)) return state;
      if (action.view === state.view) return state;
      return {
        ...state,
        view: action.view,
        busy: false,
        message: null,
        resetCode: null,
        resetEmail: null,
      };
    }
    case 'submitted':
      return { ...state, busy: true, message: null };
    case 'succeeded': {
      if (!state.busy || action.view !== state.view) return state;
      return {
        ...state,
        busy: false,
        view: action.next ?? state.view,
        message: action.text ? { tone: 'default', text: action.text } : null,
      };
    }
    case 'failed': {
      if (!state.busy || action.view !== state.view) return state;
      return { ...state, busy: false, message: { tone: 'danger', text: action.text } };
    }
    case 'link_resolved':
      return {
        ...state,
        checkingLink: false,
        busy: false,
        view: action.next,
        message: action.message,
      };
    case 'password_recovery':
      return {
        ...state,
        view: 'update_password',
        checkingLink: false,
        busy: false,
        message: null,
        resetCode: action.code,
        resetEmail: action.email,
      };
    case 'signed_in':
      return {
        ...state,
        view: 'sign_in',
        checkingLink: false,
        busy: true,
        message: null,
        resetCode: null,
        resetEmail: null,
      };
    case 'user_updated':
      return {
        ...state,
        view: 'sign_in',
        busy: false,
        resetCode: null,
        resetEmail: null,
        message: { tone: 'default', text: action.text },
      };
  }
}

const confirmedTexts = {
  email_confirmed: authCopy.success.emailConfirmed,
  email_restored: authCopy.success.emailRestored,
  email_changed: authCopy.success.emailChanged,
} as const;

/** The transition for a spent code, from an action link on load or typed into verify_otp. */
export function actionForOutcome(
  outcome: LinkOutcome,
  source: 'link' | 'verify_otp',
): AuthViewAction {
  switch (outcome.kind) {
    case 'signed_in':
      return { type: 'signed_in' };
    case 'password_reset':
      return { type: 'password_recovery', code: outcome.code, email: outcome.email };
    case 'needs_email':
      return {
        type: 'link_resolved',
        next: 'verify_otp',
        message: { tone: 'default', text: authCopy.magicLinkNeedsEmail },
      };
    default: {
      const text = confirmedTexts[outcome.kind];
      return source === 'link'
        ? { type: 'link_resolved', next: 'sign_in', message: { tone: 'default', text } }
        : { type: 'succeeded', view: 'verify_otp', text, next: 'sign_in' };
    }
  }
}

/** A link that failed leaves the user where they can ask for a new one. */
export function actionForLinkFailure(link: ActionLink, text: string): AuthViewAction {
  return {
    type: 'link_resolved',
    next: link.mode === 'resetPassword' ? 'forgotten_password' : 'sign_in',
    message: { tone: 'danger', text },
  };
}
