import type { User } from 'firebase/auth/web-extension';
import { inboxPath } from '@core/routes';
import { AlertCircle, ExternalLink, LogOut } from 'lucide-react';
import type { SidePanelServices } from '../firebase';
import { useSignOut } from '../hooks/use-auth-session';
import { useOpenDashboard } from '../hooks/use-open-dashboard';
import { useDisplayName } from '../hooks/use-display-name';
import { useFailureBadge } from '../hooks/use-failure-badge';
import { showFailureBadge } from '../logic/failure-badge';
import { CreatePanel } from './create-panel';
import { LatestItems } from './latest-items';
import { PageContextCard } from './page-context-card';
import { PanelIntentCard } from './panel-intent-card';
import { SentSelectionCard } from './sent-selection-card';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Brand } from './ui';

export function SignedInView({ services, user }: { services: SidePanelServices; user: User }) {
  const { auth, db } = services.clients;
  const name = useDisplayName(db, user);
  const signOut = useSignOut(auth);
  const dashboard = useOpenDashboard(services.clients.functions, services.dashboardUrl);
  const failures = useFailureBadge(db, user.uid);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <Brand />
        {/* Opens the dashboard signed in as this user (one sign-in, docs/architecture.md). */}
        <a
          href={services.dashboardUrl}
          target="_blank"
          rel="noreferrer"
          aria-disabled={dashboard.pending || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!dashboard.pending) dashboard.open();
          }}
          className="inline-flex items-center gap-1 rounded-md text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          Open dashboard
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </header>
      <main className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 text-sm">
            <span className="block text-xs text-muted-foreground">Signed in as</span>
            <span className="block truncate font-semibold" title={user.email ?? undefined}>
              {name}
            </span>
          </p>
          <Button
            variant="ghost"
            size="xs"
            onClick={() => {
              // The badge is this account's: it goes with it.
              void showFailureBadge(0).catch(() => undefined);
              void signOut.signOut();
            }}
            disabled={signOut.pending}
          >
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
        {signOut.error && (
          <Alert tone="danger">
            <strong className="block font-semibold">Error logging out</strong>
            {signOut.error}
          </Alert>
        )}
        {failures.count ? (
          <div
            role="status"
            className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
          >
            <AlertCircle aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            <span className="min-w-0 flex-1">
              {failures.count === 1 ? '1 post failed' : `${failures.count} posts failed`} since you
              last looked.
            </span>
            <a
              href={`${services.dashboardUrl}${inboxPath}`}
              target="_blank"
              rel="noreferrer"
              onClick={(event) => {
                event.preventDefault();
                failures.markRead();
                dashboard.open(inboxPath);
              }}
              className="inline-flex shrink-0 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              Open inbox
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          </div>
        ) : null}
        <PanelIntentCard />
        <SentSelectionCard />
        <PageContextCard />
        <CreatePanel services={services} uid={user.uid} />
        <LatestItems db={db} uid={user.uid} dashboardUrl={services.dashboardUrl} />
      </main>
    </div>
  );
}
