import { signInWithCustomToken } from 'firebase/auth';
import { CheckCircle2, LoaderCircle, PlugZap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  EXTENSION_SIGN_IN_MESSAGE,
  EXTENSION_SIGN_IN_RECEIVED,
  readHandoffFragment,
  type DashboardHandoff,
} from '@core/extension-bridge';
import { paths } from '@core/routes';
import { Alert } from '@core/ui/alert';
import { Button, buttonClasses } from '@core/ui/button';
import { useAuth } from '@/lib/auth';
import { call, readCallableError } from '@/lib/call';
import { getFirebase } from '@/lib/firebase';
import { AuthLayout } from '../components/auth-layout';
import { FullPageLoading } from '../components/full-page-loading';
import { uidOfCustomToken } from '../utils/custom-token';

/** How long the page waits for the extension to confirm it has the code. */
const EXTENSION_ANSWER_MS = 4000;
/** The content script may still be loading when the code is ready: the page repeats the message until answered. */
const RESEND_EVERY_MS = 400;

type FromExtension =
  | { status: 'checking' }
  | { status: 'ask'; email: string }
  | { status: 'redeeming' }
  | { status: 'confirm'; token: string }
  | { status: 'error'; message: string };

const SPENT_LINK_MESSAGE = 'This sign-in link has expired or was already used. Sign in again.';

/**
 * The extension's session arrives in the fragment. A signed-out browser is asked first ("Sign in as
 * ...?", the code is only described, not spent): any page can open this address with a code of its own
 * account, and must not sign a visitor in to it unasked. A signed-in browser redeems, then asks before
 * switching to another account.
 */
function FromExtensionView({ handoff }: { handoff: DashboardHandoff }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<FromExtension>({ status: 'checking' });
  const started = useRef(false);
  const currentUid = user?.uid ?? null;
  const fail = (error: unknown) =>
    setState({ status: 'error', message: readCallableError(error, SPENT_LINK_MESSAGE).message });

  const signIn = async (token: string) => {
    try {
      await signInWithCustomToken(getFirebase().auth, token);
      void navigate(handoff.next, { replace: true });
    } catch {
      setState({
        status: 'error',
        message: "We couldn't sign you in with the extension's account. Please sign in again.",
      });
    }
  };

  const redeem = () => {
    setState({ status: 'redeeming' });
    call('redeemSignInCode', { code: handoff.code }).then(({ token }) => {
      const uid = uidOfCustomToken(token);
      if (currentUid && uid === currentUid) void navigate(handoff.next, { replace: true });
      else if (currentUid) setState({ status: 'confirm', token });
      else void signIn(token);
    }, fail);
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (currentUid) redeem();
    else
      call('describeSignInCode', { code: handoff.code }).then(
        ({ email }) => setState({ status: 'ask', email }),
        fail,
      );
    // Runs once: the code is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthLayout title="Open the dashboard" subtitle="From the Muse Studio extension">
      {state.status === 'checking' || state.status === 'redeeming' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
          {state.status === 'checking' ? (
            'Checking the sign-in link…'
          ) : (
            <>Signing you in with the extension&apos;s account…</>
          )}
        </p>
      ) : state.status === 'ask' ? (
        <div className="space-y-4 text-sm">
          <p className="text-base font-medium text-foreground">
            Sign in as <strong className="break-words">{state.email}</strong>?
          </p>
          <p className="text-muted-foreground">
            Continue only if you opened the dashboard from your own Muse Studio extension. Whatever
            you save here goes to this account.
          </p>
          <div className="flex flex-col gap-2">
            <Button onClick={redeem}>Continue</Button>
            <Button variant="outline" onClick={() => void navigate(paths.auth, { replace: true })}>
              Cancel
            </Button>
          </div>
        </div>
      ) : state.status === 'error' ? (
        <div className="space-y-4">
          <Alert tone="danger">{state.message}</Alert>
          <Link to={paths.auth} className={buttonClasses('default', 'default', 'w-full')}>
            Sign in
          </Link>
        </div>
      ) : (
        <div className="space-y-4 text-sm">
          <p>
            You are signed in here as <strong>{user?.email ?? 'another account'}</strong>, and the
            extension with another account.
          </p>
          <div className="flex flex-col gap-2">
            <Button onClick={() => void signIn(state.token)}>
              Switch to the extension&apos;s account
            </Button>
            <Button
              variant="outline"
              onClick={() => void navigate(handoff.next, { replace: true })}
            >
              Stay as {user?.email ?? 'this account'}
            </Button>
          </div>
        </div>
      )}
    </AuthLayout>
  );
}

type ToExtension =
  | { status: 'sending' }
  | { status: 'done' }
  | { status: 'no-extension' }
  | { status: 'error'; message: string };

/** Hands the signed-in dashboard session to the extension in this browser, through its content script. */
function ToExtensionView({ email }: { email: string }) {
  const [state, setState] = useState<ToExtension>({ status: 'sending' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let resend: ReturnType<typeof setTimeout> | undefined;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      if ((event.data as { type?: unknown } | null)?.type !== EXTENSION_SIGN_IN_RECEIVED) return;
      clearTimeout(resend);
      clearTimeout(giveUp);
      if (!cancelled) setState({ status: 'done' });
    };
    window.addEventListener('message', onMessage);
    setState({ status: 'sending' });
    call('createSignInCode', {}).then(
      ({ code }) => {
        if (cancelled) return;
        const post = () => {
          window.postMessage({ type: EXTENSION_SIGN_IN_MESSAGE, code }, window.location.origin);
          resend = setTimeout(post, RESEND_EVERY_MS);
        };
        post();
        giveUp = setTimeout(() => {
          clearTimeout(resend);
          if (!cancelled) setState({ status: 'no-extension' });
        }, EXTENSION_ANSWER_MS);
      },
      (error: unknown) => {
        if (!cancelled)
          setState({
            status: 'error',
            message: readCallableError(
              error,
              "We couldn't sign in the extension. Please try again.",
            ).message,
          });
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(resend);
      clearTimeout(giveUp);
      window.removeEventListener('message', onMessage);
    };
  }, [attempt]);

  return (
    <AuthLayout title="Sign in the extension" subtitle={`As ${email}`}>
      <div aria-live="polite" className="space-y-4 text-sm">
        {state.status === 'sending' && (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
            Signing in the Muse Studio extension as {email}…
          </p>
        )}
        {state.status === 'done' && (
          <p className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              The extension is signed in as {email}. You can close this tab and go back to the side
              panel.
            </span>
          </p>
        )}
        {state.status === 'no-extension' && (
          <Alert tone="danger">
            <span className="flex items-start gap-2">
              <PlugZap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              The Muse Studio extension didn&apos;t answer. Make sure it is installed and turned on
              in this browser, then try again.
            </span>
          </Alert>
        )}
        {state.status === 'error' && <Alert tone="danger">{state.message}</Alert>}
        {(state.status === 'no-extension' || state.status === 'error') && (
          <Button className="w-full" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        )}
        <Link to={paths.home} className={buttonClasses('ghost', 'default', 'w-full')}>
          Go to the dashboard
        </Link>
      </div>
    </AuthLayout>
  );
}

/**
 * /extension-sign-in: one sign-in across the dashboard and the extension (docs/architecture.md,
 * "One sign-in"). With a hand-off in the fragment (opened by the extension), the extension's session is
 * brought here; without one (opened from the panel's sign-in), this session is handed to the extension.
 */
export function ExtensionSignInRoute() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then removed from the address bar and history: the code is spent on arrival anyway.
  const [handoff] = useState(() => readHandoffFragment(location.hash));
  useEffect(() => {
    if (location.hash)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);

  if (loading) return <FullPageLoading />;
  if (handoff) return <FromExtensionView handoff={handoff} />;
  if (!user || !user.emailVerified)
    return <Navigate to={paths.auth} replace state={{ from: { pathname: location.pathname } }} />;
  return <ToExtensionView email={user.email ?? 'your account'} />;
}
