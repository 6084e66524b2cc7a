import type { SidePanelServices } from '../firebase';
import { useAuthSession } from '../hooks/use-auth-session';
import { SignInForm } from './sign-in-form';
import { SignedInView } from './signed-in-view';

export function App({ services }: { services: SidePanelServices }) {
  const session = useAuthSession(services.clients.auth);
  if (session.status === 'loading') {
    return (
      <main aria-busy="true" className="grid min-h-screen place-items-center p-4 text-sm text-muted-foreground">
        Loading…
      </main>
    );
  }
  if (session.status === 'signedOut') return <SignInForm auth={services.clients.auth} functions={services.clients.functions} dashboardUrl={services.dashboardUrl} />;
  return <SignedInView services={services} user={session.user} />;
}
