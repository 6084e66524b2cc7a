import { ArrowLeft, Compass } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@core/ui/button';

/** Any unknown address, signed in or not: says so, shows the address and offers a way home. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Page not found · Muse Studio';
  }, []);

  return (
    <main className="flex min-h-svh items-center justify-center bg-background px-4 py-12">
      <div className="w-full max-w-md text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary"
        >
          <Compass className="size-7" />
        </div>
        <p className="text-sm font-semibold tracking-wide text-primary">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-3 text-muted-foreground">We couldn't find anything at this address:</p>
        <p className="mx-auto mt-2 max-w-full overflow-x-auto rounded-md border bg-muted/60 px-3 py-2 font-mono text-sm break-all">
          {pathname}
        </p>
        <div className="mt-8 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => navigate(-1)}>
            <ArrowLeft aria-hidden="true" />
            Go back
          </Button>
          <Link to={paths.home} className={buttonClasses('default')}>
            Go to dashboard
          </Link>
        </div>
      </div>
    </main>
  );
}
