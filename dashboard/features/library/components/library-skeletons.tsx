import { LIBRARY_SKELETONS } from '@core/constants';
import { Skeleton } from '@core/ui/skeleton';

export function LibrarySkeletons({ count = LIBRARY_SKELETONS }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading projects"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-video rounded-none" />
          <div className="flex items-center gap-2 p-3">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
            <Skeleton className="size-9" />
            <Skeleton className="size-9" />
          </div>
        </div>
      ))}
    </div>
  );
}
