import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';

/** Why the posts could not be read, with Try again: the same words in Recent Posts and the Calendar. */
export function PostsLoadError({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <Alert tone="danger" className="flex flex-wrap items-center justify-between gap-2">
      <span>Couldn't load your posts. {error.message}</span>
      <Button variant="outline" size="sm" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}
