import { useAuth } from '@/lib/auth';
import { AuthScreen } from '../components/auth-screen';
import { FullPageLoading } from '../components/full-page-loading';

/** /auth: the sign-in screen, once the session is known (a signed-in user is sent on). */
export function AuthRoute() {
  const { loading } = useAuth();
  if (loading) return <FullPageLoading />;
  return <AuthScreen />;
}
