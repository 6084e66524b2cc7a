import type { User } from 'firebase/auth/web-extension';
import { ExternalLink, LogOut } from 'lucide-react';
import type { SidePanelServices } from '../firebase';
import { useSignOut } from '../hooks/use-auth-session';
import { useDisplayName } from '../hooks/use-display-name';
import { LatestItems } from './latest-items';
import { PageContextCard } from './page-context-card';
import { SentSelectionCard } from './sent-selection-card';
import { Brand, buttonClass, DangerAlert, focusRing } from './ui';

export function SignedInView({ services, user }: { services: SidePanelServices; user: User }) {
  const { auth, db } = services.clients;
  const name = useDisplayName(db, user);
  const signOut = useSignOut(auth);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <Brand />
        <a
          href={services.dashboardUrl}
          target="_blank"
          rel="noreferrer"
          className={`inline-flex items-center gap-1 rounded-md text-xs font-medium text-violet-700 hover:underline dark:text-violet-300 ${focusRing}`}
        >
          Open dashboard
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </header>
      <main className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 text-sm">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">Signed in as</span>
            <span className="block truncate font-semibold" title={user.email ?? undefined}>
              {name}
            </span>
          </p>
          <button type="button" onClick={() => void signOut.signOut()} disabled={signOut.pending} className={buttonClass.ghost}>
            <LogOut aria-hidden="true" className="size-3.5" />
            Sign out
          </button>
        </div>
        {signOut.error && (
          <DangerAlert>
            <strong className="block font-semibold">Error logging out</strong>
            {signOut.error}
          </DangerAlert>
        )}
        <SentSelectionCard />
        <PageContextCard />
        <LatestItems db={db} uid={user.uid} dashboardUrl={services.dashboardUrl} />
      </main>
    </div>
  );
}
