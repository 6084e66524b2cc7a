import { Link2, Save, Trash2 } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import type { SocialPlatform } from '@core/integrations';
import { platformFacts } from '@core/platforms';
import { isOAuthPlatform, type OAuthPlatform } from '@core/social-oauth';
import { BrandIcon } from '@/components/brand-icon';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Card, CardDescription, CardTitle } from '@core/ui/card';
import { Input, Label } from '@core/ui/input';
import { Skeleton } from '@core/ui/skeleton';
import { cn } from '@core/ui/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { useStartSocialOAuth } from '@/lib/social-oauth';
import type { SocialAccount } from '../api/get-social-accounts';
import { useSocialCredentialsForm } from '../hooks/use-social-credentials-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretInput } from './secret-input';
import { StatusBadge } from './status-badge';

const platformInfo: Record<
  SocialPlatform,
  { title: string; description: string; connect: boolean; iconClass: string }
> = {
  x: {
    title: 'X (Twitter)',
    description:
      'Your app keys and access tokens from the X developer portal, for posting from the X page.',
    connect: false,
    iconClass: 'bg-foreground text-background',
  },
  linkedin: {
    title: 'LinkedIn',
    description:
      'Your LinkedIn app and an access token, for posting as yourself or a company page.',
    connect: false,
    iconClass: 'bg-[#0A66C2] text-white',
  },
  youtube: {
    title: 'YouTube',
    description: 'Your Google OAuth client, for uploading videos. Tokens arrive through Connect.',
    connect: true,
    iconClass: 'bg-[#FF0000] text-white',
  },
  reddit: {
    title: 'Reddit',
    description: 'Your Reddit app, for posting to subreddits. Tokens arrive through Connect.',
    connect: true,
    iconClass: 'bg-[#FF4500] text-white',
  },
};

/** Reddit and YouTube: Connect sends the user to the platform's consent page once the app is saved. */
function ConnectAction({
  platform,
  name,
  saved,
  noteId,
}: {
  platform: OAuthPlatform;
  name: string;
  saved: boolean;
  noteId: string;
}) {
  const { start, isPending } = useStartSocialOAuth(platform);
  return (
    <div className="mt-2 flex flex-col items-start gap-2 rounded-lg border border-dashed p-3">
      <Button
        variant="outline"
        size="sm"
        disabled={!saved}
        loading={isPending}
        onClick={() => void start()}
        aria-describedby={noteId}
      >
        {isPending ? null : <Link2 aria-hidden="true" />}
        Connect
      </Button>
      <p id={noteId} className="text-xs text-muted-foreground">
        {saved
          ? `Sends you to ${name} to allow Muse Studio; the tokens stay on the server.`
          : `Save your ${name} app credentials first, then connect your account.`}
        {platformFacts[platform].connectNote ? ` ${platformFacts[platform].connectNote}` : ''}
      </p>
    </div>
  );
}

/** One platform's credentials: secrets masked and shown as hints, blank keeps. */
export function SocialCredentialsForm({
  platform,
  account,
  loading,
  now,
}: {
  platform: SocialPlatform;
  account: SocialAccount | undefined;
  loading: boolean;
  now: Date;
}) {
  const form = useSocialCredentialsForm(platform, account);
  const info = platformInfo[platform];
  const id = useId();
  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  const connectNoteId = `${id}-connect`;
  const busy = form.saving || form.deleting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="grid gap-5 p-5 sm:p-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-8"
    >
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <CardTitle id={titleId} className="flex items-center gap-2 text-base">
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-lg',
                info.iconClass,
              )}
            >
              <BrandIcon name={platform} className="size-4" />
            </span>
            {info.title}
          </CardTitle>
          {loading ? (
            <Skeleton className="h-5 w-24 rounded-full" />
          ) : (
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge kind={account ? 'configured' : 'empty'}>
                {account ? 'Configured' : 'Not configured'}
              </StatusBadge>
              {/* The publishing functions found the saved access refused: not Connected, whatever the last connect said. */}
              {account?.needsReconnect ? (
                <StatusBadge kind="attention">Needs reconnect</StatusBadge>
              ) : account?.connected ? (
                <StatusBadge kind="connected">Connected</StatusBadge>
              ) : null}
            </div>
          )}
        </div>
        <CardDescription>{info.description}</CardDescription>
        {account ? (
          <p className="text-xs text-muted-foreground">
            Updated{' '}
            <time
              dateTime={account.updatedAt.toISOString()}
              title={account.updatedAt.toLocaleString()}
            >
              {formatRelativeTime(account.updatedAt, now)}
            </time>
            . Leave a field blank to keep its saved value.
          </p>
        ) : null}
        {isOAuthPlatform(platform) ? (
          <ConnectAction
            platform={platform}
            name={form.name}
            saved={Boolean(account)}
            noteId={connectNoteId}
          />
        ) : null}
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="grid min-w-0 content-start gap-4"
        aria-describedby={form.formError ? errorId : undefined}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {form.fields.map((view) => {
            const fieldId = `${id}-${view.name}`;
            const missing = form.formError?.fields.includes(view.field.label) ?? false;
            const common = {
              id: fieldId,
              value: view.value,
              placeholder: view.placeholder,
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                form.edit(view.name, e.target.value),
              maxLength: view.field.maxLength,
              disabled: loading || form.deleting,
              'aria-invalid': missing || undefined,
              // Needed on the first save only; later a blank field keeps its stored value.
              'aria-required': (view.field.required && !account) || undefined,
              'aria-describedby': missing ? errorId : undefined,
            };
            return (
              <div key={view.name} className="grid min-w-0 content-start gap-2">
                <div className="flex items-center gap-1.5">
                  <Label htmlFor={fieldId}>{view.field.label}</Label>
                  {!view.field.required ? (
                    <span className="text-xs text-muted-foreground">(optional)</span>
                  ) : null}
                </div>
                {loading ? (
                  <Skeleton className="h-10 w-full" />
                ) : view.field.secret ? (
                  <SecretInput {...common} revealLabel={view.field.label} />
                ) : (
                  <Input {...common} autoComplete="off" spellCheck={false} />
                )}
              </div>
            );
          })}
        </div>
        {form.formError ? (
          <Alert id={errorId} tone="danger">
            {form.formError.message}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={form.saving} disabled={loading || (busy && !form.saving)}>
            {form.saving ? null : <Save aria-hidden="true" />}
            {form.buttonLabel}
          </Button>
          {account ? (
            <Button
              variant="ghost"
              onClick={form.askToDelete}
              disabled={busy}
              aria-label={`Delete ${form.name} credentials`}
              className="ml-auto text-destructive hover:bg-destructive/10 hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={form.confirming}
        title={`Delete your ${form.name} credentials?`}
        description={`Posting to ${info.title} stops until you save credentials again. This cannot be undone.`}
        confirmLabel="Delete"
        busy={form.deleting}
        onConfirm={() => void form.remove()}
        onClose={form.cancelDelete}
      />
    </Card>
  );
}
