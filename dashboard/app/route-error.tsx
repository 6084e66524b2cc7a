import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@core/ui/button';

/** Shown when a screen fails to load or throws: says so plainly and offers a way out. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div
      role="alert"
      className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      {detail ? <p className="max-w-lg text-sm text-muted-foreground">{detail}</p> : null}
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Go to dashboard
        </Button>
      </div>
    </div>
  );
}
