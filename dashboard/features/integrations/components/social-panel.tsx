import { socialPlatforms } from '@core/integrations';
import type { QueryState } from '@core/react/use-live';
import type { SocialAccounts } from '../api/get-social-accounts';
import { LoadError } from './api-keys-panel';
import { SocialCredentialsForm } from './social-credentials-form';

export function SocialPanel({
  state,
  retry,
  now,
}: {
  state: QueryState<SocialAccounts>;
  retry: () => void;
  now: Date;
}) {
  return (
    <div className="space-y-4">
      {state.status === 'error' ? (
        <LoadError
          title="Failed to load social media credentials"
          error={state.error}
          retry={retry}
        />
      ) : null}
      <div className="grid gap-4">
        {socialPlatforms.map((platform) => (
          <SocialCredentialsForm
            key={platform}
            platform={platform}
            account={state.status === 'success' ? state.data[platform] : undefined}
            loading={state.status === 'loading'}
            now={now}
          />
        ))}
      </div>
    </div>
  );
}
