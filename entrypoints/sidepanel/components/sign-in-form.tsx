import { signUpPath } from '@core/routes';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Input, Label } from '@core/ui/input';
import type { Auth } from 'firebase/auth/web-extension';
import { LayoutDashboard } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useSignIn } from '../hooks/use-auth-session';
import { useSignInFromDashboard } from '../hooks/use-dashboard-session';
import type { SidePanelServices } from '../firebase';
import { Brand } from './ui';

export function SignInForm({
  auth,
  loadServices,
  dashboardUrl,
}: {
  auth: Auth;
  loadServices: () => Promise<SidePanelServices>;
  dashboardUrl: string;
}) {
  const { pending, error, signIn } = useSignIn(auth);
  const fromDashboard = useSignInFromDashboard(auth, loadServices, dashboardUrl);
  const emailId = useId();
  const passwordId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
  };

  return (
    <main className="flex min-h-screen flex-col gap-6 p-4">
      <Brand />
      <div>
        <h1 className="text-xl font-semibold">Welcome Back</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Sign in to use your workspace on any page.
        </p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={emailId}>Email address</Label>
          <Input id={emailId} name="email" type="email" autoComplete="email" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={passwordId}>Your Password</Label>
          <Input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <Button type="submit" loading={pending} className="w-full">
          {pending ? 'Signing in ...' : 'Sign in'}
        </Button>
        {error && <Alert tone="danger">{error}</Alert>}
      </form>
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
        <Button
          variant="outline"
          className="w-full"
          onClick={fromDashboard.start}
          loading={fromDashboard.status === 'signingIn'}
        >
          <LayoutDashboard aria-hidden="true" />
          {fromDashboard.status === 'signingIn' ? 'Signing in ...' : 'Use my dashboard sign-in'}
        </Button>
        <p aria-live="polite" className="text-xs text-muted-foreground">
          {fromDashboard.status === 'waiting' &&
            'Finish in the dashboard tab that just opened: the panel signs in by itself.'}
        </p>
        {fromDashboard.status === 'error' && <Alert tone="danger">{fromDashboard.message}</Alert>}
      </div>
      <p className="text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <a
          href={`${dashboardUrl}${signUpPath}`}
          target="_blank"
          rel="noreferrer"
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign up
        </a>
      </p>
    </main>
  );
}
