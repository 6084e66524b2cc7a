import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { AuthView } from '../utils/auth-view';

/** Switches the sign-in card's view through the URL, keeping the guard's `from` state for the redirect. */
export function ViewLink({ view, children }: { view: AuthView; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link
      to={{ pathname: location.pathname, search: view === 'sign_in' ? '' : `?view=${view}` }}
      state={location.state}
      className="rounded-sm text-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card focus-visible:outline-none"
    >
      {children}
    </Link>
  );
}
