import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { viewCopy } from '../utils/copy';
import { resolveRedirect } from '../utils/redirect';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

export function AuthScreen() {
  const { user } = useAuth();
  const location = useLocation();
  const { state, values, setValue, submit } = useAuthFlow();

  // Unconfirmed accounts never hold a session here (sign-up and sign-in sign them out), so only a
  // confirmed one redirects; an email link or a password reset in progress finishes first.
  const holdOn = state.checkingLink || state.view === 'update_password';
  if (user?.emailVerified && !holdOn)
    return <Navigate to={resolveRedirect(location.state)} replace />;

  return (
    <AuthLayout title={viewCopy[state.view].title} subtitle={viewCopy[state.view].subtitle}>
      <AuthForm state={state} values={values} setValue={setValue} onSubmit={() => void submit()} />
    </AuthLayout>
  );
}
