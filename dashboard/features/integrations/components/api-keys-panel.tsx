import { RotateCw } from 'lucide-react';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import type { KeyStatuses } from '@/lib/integration-statuses';
import type { QueryState } from '@core/react/use-live';
import type { IntegrationCardInfo } from '../utils/integration-cards';
import { ApiKeyCard } from './api-key-card';

/** A grid of key cards for one tab, fed by the one live read of the status documents. */
export function ApiKeysPanel({
  cards,
  state,
  retry,
  now,
}: {
  cards: IntegrationCardInfo[];
  state: QueryState<KeyStatuses>;
  retry: () => void;
  now: Date;
}) {
  return (
    <div className="space-y-4">
      {state.status === 'error' ? (
        <LoadError title="Failed to load API keys" error={state.error} retry={retry} />
      ) : null}
      <div className="grid gap-4">
        {cards.map((info) => (
          <ApiKeyCard
            key={info.type}
            info={info}
            status={state.status === 'success' ? state.data[info.type] : undefined}
            loading={state.status === 'loading'}
            now={now}
          />
        ))}
      </div>
    </div>
  );
}

export function LoadError({
  title,
  error,
  retry,
}: {
  title: string;
  error: Error;
  retry: () => void;
}) {
  return (
    <Alert
      tone="danger"
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <span>
        <span className="font-semibold">{title}.</span> {error.message}
      </span>
      <Button variant="outline" size="sm" onClick={retry} className="shrink-0 text-foreground">
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </Alert>
  );
}
