import type { User } from 'firebase/auth/web-extension';
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import type { SidePanelStart } from '../firebase';
import { useAuthSession } from '../hooks/use-auth-session';
import { SignInForm } from './sign-in-form';

function Loading() {
  return (
    <main
      aria-busy="true"
      className="grid min-h-screen place-items-center p-4 text-sm text-muted-foreground"
    >
      Loading…
    </main>
  );
}

/** The signed-in view and the data clients it needs, fetched together the first time a user is signed in. */
function lazySignedInView(start: SidePanelStart): ComponentType<{ user: User }> {
  return lazy(async () => {
    const [{ SignedInView }, services] = await Promise.all([
      import('./signed-in-view'),
      start.loadServices(),
    ]);
    return {
      default: ({ user }: { user: User }) => <SignedInView services={services} user={user} />,
    };
  });
}

export function App({ start }: { start: SidePanelStart }) {
  const session = useAuthSession(start.base.auth);
  const SignedIn = useMemo(() => lazySignedInView(start), [start]);
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signedOut')
    return (
      <SignInForm
        auth={start.base.auth}
        loadServices={start.loadServices}
        dashboardUrl={start.dashboardUrl}
      />
    );
  return (
    <Suspense fallback={<Loading />}>
      <SignedIn user={session.user} />
    </Suspense>
  );
}
