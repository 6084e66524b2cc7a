import { Link } from 'react-router-dom';
import { paths } from '@core/routes';

const linkClass =
  'font-medium underline underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none rounded-sm';

/**
 * A server message that sends the user to Integrations ('Add your OpenAI API key in Integrations to use
 * this model.'), with the word Integrations as a link to the page; appended when the message lacks it.
 */
export function IntegrationsLinkText({ message }: { message: string }) {
  const at = message.search(/\bIntegrations\b/);
  if (at < 0) {
    return (
      <>
        {message}{' '}
        <Link to={paths.integrations} className={linkClass}>
          Open Integrations
        </Link>
      </>
    );
  }
  return (
    <>
      {message.slice(0, at)}
      <Link to={paths.integrations} className={linkClass}>
        Integrations
      </Link>
      {message.slice(at + 'Integrations'.length)}
    </>
  );
}
