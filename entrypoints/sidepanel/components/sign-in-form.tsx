import { paths } from '@core/routes';
import type { Auth } from 'firebase/auth/web-extension';
import { useId, type FormEvent } from 'react';
import { useSignIn } from '../hooks/use-auth-session';
import { Brand, buttonClass, DangerAlert, focusRing } from './ui';

const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm placeholder:text-zinc-400 focus-visible:border-violet-500 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-500 ' +
  focusRing;

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
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Sign in to use your workspace on any page.</p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={emailId} className="text-sm font-medium">
            Email address
          </label>
          <input id={emailId} name="email" type="email" autoComplete="email" required className={inputClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={passwordId} className="text-sm font-medium">
            Your Password
          </label>
          <input id={passwordId} name="password" type="password" autoComplete="current-password" required className={inputClass} />
        </div>
        <button type="submit" disabled={pending} className={buttonClass.primary}>
          {pending ? 'Signing in ...' : 'Sign in'}
        </button>
        {error && <DangerAlert>{error}</DangerAlert>}
      </form>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Don&apos;t have an account?{' '}
        <a href={`${dashboardUrl}${paths.auth}`} target="_blank" rel="noreferrer" className={`font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300 ${focusRing} rounded-sm`}>
          Sign up
        </a>
      </p>
    </main>
  );
}
