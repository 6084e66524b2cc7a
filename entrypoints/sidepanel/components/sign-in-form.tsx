import { paths } from '@core/routes';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Input, Label } from '@core/ui/input';
import type { Auth } from 'firebase/auth/web-extension';
import { useId, type FormEvent } from 'react';
import { useSignIn } from '../hooks/use-auth-session';
import { Brand } from './ui';

export function SignInForm({ auth, dashboardUrl }: { auth: Auth; dashboardUrl: string }) {
  const { pending, error, signIn } = useSignIn(auth);
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
        <p className="mt-1 text-sm text-muted-foreground">Sign in to use your workspace on any page.</p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={emailId}>Email address</Label>
          <Input id={emailId} name="email" type="email" autoComplete="email" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={passwordId}>Your Password</Label>
          <Input id={passwordId} name="password" type="password" autoComplete="current-password" required />
        </div>
        <Button type="submit" loading={pending} className="w-full">
          {pending ? 'Signing in ...' : 'Sign in'}
        </Button>
        {error && <Alert tone="danger">{error}</Alert>}
      </form>
      <p className="text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <a href={`${dashboardUrl}${paths.auth}`} target="_blank" rel="noreferrer" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
          Sign up
        </a>
      </p>
    </main>
  );
}
