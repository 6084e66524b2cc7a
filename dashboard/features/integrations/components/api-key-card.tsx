import { FlaskConical, Save, Trash2 } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { integrationLabel } from '@core/integrations';
import { Button } from '@core/ui/button';
import { Card, CardDescription, CardTitle } from '@core/ui/card';
import { Label } from '@core/ui/input';
import { Skeleton } from '@core/ui/skeleton';
import type { KeyStatus } from '@/lib/integration-statuses';
import { formatRelativeTime } from '@/lib/relative-time';
import { useApiKeyCard } from '../hooks/use-api-key-card';
import type { IntegrationCardInfo } from '../utils/integration-cards';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { KeyVerdictLine } from './key-verdict-line';
import { SecretInput } from './secret-input';
import { StatusBadge } from './status-badge';

/** One provider key: write-only field, the stored hint and time (live), Save, Test and Delete. */
export function ApiKeyCard({
  info,
  status,
  loading,
  now,
}: {
  info: IntegrationCardInfo;
  status: KeyStatus | undefined;
  loading: boolean;
  now: Date;
}) {
  const label = integrationLabel(info.type);
  const card = useApiKeyCard(info.type, status);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    field: `${id}-key`,
    state: `${id}-state`,
    error: `${id}-error`,
  };
  const configured = Boolean(status);
  const busy = card.saving || card.deleting || card.testing;
  const Icon = info.icon;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void card.save();
  };

  return (
    <Card
      role="region"
      aria-labelledby={ids.title}
      className="grid gap-5 p-5 sm:p-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8"
    >
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <CardTitle id={ids.title} className="flex items-center gap-2 text-base">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {label}
          </CardTitle>
          {loading ? (
            <Skeleton className="h-5 w-24 rounded-full" />
          ) : (
            <StatusBadge kind={configured ? 'configured' : 'empty'}>
              {configured ? 'Configured' : 'Not configured'}
            </StatusBadge>
          )}
        </div>
        <CardDescription>{info.description}</CardDescription>
        {info.note ? <p className="text-xs text-muted-foreground">{info.note}</p> : null}
      </div>
      <div className="min-w-0">
        <form onSubmit={submit} noValidate className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor={ids.field}>API Key</Label>
            <SecretInput
              id={ids.field}
              revealLabel={`${label} API key`}
              value={card.draft}
              onChange={(e) => card.changeDraft(e.target.value)}
              // Short enough to show whole in a 375 px phone's field; the card's title names the provider.
              placeholder={status ? 'New key to replace it' : 'Paste your API key'}
              aria-invalid={card.fieldError ? true : undefined}
              aria-describedby={card.fieldError ? `${ids.error} ${ids.state}` : ids.state}
              disabled={loading || card.deleting}
            />
            {card.fieldError ? (
              <p id={ids.error} className="text-xs text-destructive">
                {card.fieldError}
              </p>
            ) : null}
            <div id={ids.state} className="min-h-4 text-xs text-muted-foreground">
              {loading ? (
                <Skeleton className="h-4 w-48" />
              ) : status ? (
                <span>
                  Saved key{' '}
                  <span className="font-mono tracking-tight">••••{status.hint || '····'}</span> ·
                  Updated{' '}
                  <time
                    dateTime={status.updatedAt.toISOString()}
                    title={status.updatedAt.toLocaleString()}
                  >
                    {formatRelativeTime(status.updatedAt, now)}
                  </time>
                </span>
              ) : (
                <span>
                  No key saved yet. Keys are encrypted on our servers and never shown again.
                </span>
              )}
            </div>
          </div>
          <div
            role="status"
            aria-live="polite"
            aria-label={`${label} key test`}
            className="empty:hidden"
          >
            {card.verdict ? (
              <KeyVerdictLine status={card.verdict.status} message={card.verdict.message} />
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="submit"
              size="sm"
              loading={card.saving}
              disabled={loading || (busy && !card.saving)}
            >
              {card.saving ? null : <Save aria-hidden="true" />}
              Save
            </Button>
            {configured ? (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void card.test()}
                  loading={card.testing}
                  disabled={busy && !card.testing}
                >
                  {card.testing ? null : <FlaskConical aria-hidden="true" />}
                  Test
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={card.askToDelete}
                  disabled={busy}
                  aria-label={`Delete ${label} API key`}
                  className="ml-auto text-destructive hover:bg-destructive/10 hover:text-destructive"
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </>
            ) : null}
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={card.confirming}
        title={`Delete your ${label} API key?`}
        description={`Features that use ${label} stop working until you add a key again. This cannot be undone.`}
        confirmLabel="Delete"
        busy={card.deleting}
        onConfirm={() => void card.remove()}
        onClose={card.cancelDelete}
      />
    </Card>
  );
}
