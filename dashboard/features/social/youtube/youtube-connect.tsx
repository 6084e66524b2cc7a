import { OAuthConnect } from '../components/oauth-connect';

/**
 * YouTube's account section: Connect YouTube Account (to Integrations) without saved credentials, else
 * Authenticate with YouTube (Google consent with offline access; tokens stay in the functions).
 */
export function YoutubeConnect({
  onStart,
  actionOnly,
}: {
  onStart?: (url: string) => void;
  actionOnly?: boolean;
}) {
  return <OAuthConnect platform="youtube" onStart={onStart} actionOnly={actionOnly} />;
}
