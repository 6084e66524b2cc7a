import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '@core/routes';
import { useAuth } from '@/lib/auth';
import { FullPageLoading } from './full-page-loading';

/** Guards every signed-in route; the requested location rides along as `from` so sign-in can return there. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  // An unconfirmed account is not a session (sign-up and sign-in sign it out again); a stale one left in
  // storage must not get in either.
  if (!user || !user.emailVerified)
    return <Navigate to={paths.auth} replace state={{ from: location }} />;
  return <Outlet />;
}
