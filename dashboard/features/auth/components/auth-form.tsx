import { CircleAlert, CircleCheck, LoaderCircle, Mail, TicketCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Input, Label } from '@core/ui/input';
import type { AuthFormValues } from '../hooks/use-auth-flow';
import type { AuthMessage, AuthViewState } from '../utils/auth-view';
import { authCopy, viewCopy } from '../utils/copy';
import { PasswordInput } from './password-input';
import { ViewLink } from './view-link';

export interface AuthFormProps {
  state: AuthViewState;
  values: AuthFormValues;
  setValue: (name: keyof AuthFormValues, value: string) => void;
  onSubmit: () => void;
}

const EMAIL_VIEWS = new Set([
  'sign_in',
  'sign_up',
  'forgotten_password',
  'magic_link',
  'verify_otp',
]);
const PASSWORD_VIEWS = new Set(['sign_in', 'sign_up', 'update_password']);

function Message({ message }: { message: AuthMessage }) {
  const Icon = message.tone === 'danger' ? CircleAlert : CircleCheck;
  return (
    <Alert tone={message.tone} className="flex items-start gap-2.5 text-left">
      <Icon
        className={
          message.tone === 'danger'
            ? 'mt-0.5 size-4 shrink-0'
            : 'mt-0.5 size-4 shrink-0 text-success'
        }
        aria-hidden="true"
      />
      <span>{message.text}</span>
    </Alert>
  );
}

function Links({ view }: { view: AuthViewState['view'] }) {
  if (view === 'sign_in') {
    return (
      <>
        <ViewLink view="forgotten_password">{authCopy.links.forgotPassword}</ViewLink>
        <ViewLink view="sign_up">
          Don&apos;t have an account? <span className="font-medium text-primary">Sign up</span>
        </ViewLink>
      </>
    );
  }
  return (
    <ViewLink view="sign_in">
      Already have an account? <span className="font-medium text-primary">Sign in</span>
    </ViewLink>
  );
}

function CheckingLink() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center gap-3 py-10 text-sm text-muted-foreground"
    >
      <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span>{authCopy.checkingLink}</span>
    </div>
  );
}

/** The fields, button, message box and links of the current view. All behaviour lives in useAuthFlow. */
export function AuthForm({ state, values, setValue, onSubmit }: AuthFormProps) {
  const { view, busy } = state;
  const copy = viewCopy[view];

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  if (state.checkingLink) return <CheckingLink />;

  return (
    // No exit animation: a leaving view with the same labels ('Email address') would still take typing
    // for a moment and then vanish with what was typed. The new view only fades in, in CSS (index.css:
    // view-in), so the signed-out page loads no animation library.
    <div key={view} className="motion-safe:animate-view-in">
      <form onSubmit={handleSubmit} className="space-y-4">
        {view === 'update_password' && state.resetEmail ? (
          <p className="text-center text-sm text-muted-foreground">
            Choose a new password for
            <span className="block font-medium wrap-anywhere text-foreground">
              {state.resetEmail}
            </span>
          </p>
        ) : copy.hint ? (
          <p className="text-center text-sm text-muted-foreground">{copy.hint}</p>
        ) : null}

        {view === 'update_password' && state.resetEmail ? (
          // Lets password managers file the new password under the right account.
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={state.resetEmail}
            readOnly
            hidden
          />
        ) : null}

        {EMAIL_VIEWS.has(view) ? (
          <div className="space-y-2">
            <Label htmlFor="auth-email">{authCopy.emailLabel}</Label>
            <div className="relative">
              <Mail
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="auth-email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                placeholder={authCopy.emailPlaceholder}
                value={values.email}
                onChange={(e) => setValue('email', e.target.value)}
                className="pl-9"
              />
            </div>
          </div>
        ) : null}

        {PASSWORD_VIEWS.has(view) ? (
          <div className="space-y-2">
            <Label htmlFor="auth-password">{copy.passwordLabel}</Label>
            <PasswordInput
              id="auth-password"
              name="password"
              autoComplete={copy.passwordAutoComplete}
              required
              placeholder={copy.passwordPlaceholder}
              value={values.password}
              onChange={(e) => setValue('password', e.target.value)}
            />
          </div>
        ) : null}

        {view === 'verify_otp' ? (
          <div className="space-y-2">
            <Label htmlFor="auth-token">{authCopy.tokenLabel}</Label>
            <div className="relative">
              <TicketCheck
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="auth-token"
                name="token"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                required
                placeholder={authCopy.tokenPlaceholder}
                value={values.token}
                onChange={(e) => setValue('token', e.target.value)}
                className="pl-9 font-mono"
              />
            </div>
          </div>
        ) : null}

        <Button type="submit" loading={busy} className="h-11 w-full">
          {busy ? copy.loadingButton : copy.button}
        </Button>

        {state.message ? <Message message={state.message} /> : null}

        <nav aria-label="Other sign-in options" className="flex flex-col items-center gap-2 pt-2">
          <Links view={view} />
        </nav>
      </form>
    </div>
  );
}
