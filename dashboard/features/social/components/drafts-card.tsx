import { FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { draftLabel, type DraftPlatform } from '@core/data/draft';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { useNow } from '@/lib/use-now';
import { usePlatformDrafts } from '../api/drafts';
import { DRAFT_PARAM } from '../hooks/use-draft';

/** The platform's drafts (from here or the side panel); each opens in the composer. */
export function DraftsCard({ platform, openId }: { platform: DraftPlatform; openId: string | null }) {
  const drafts = usePlatformDrafts(platform);
  const now = useNow();
  if (drafts.status !== 'success' || drafts.data.length === 0) return null;
  return (
    <Card role="region" aria-label="Drafts" className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Drafts</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-1">
          {drafts.data.map((d) => (
            <li key={d.id}>
              <Link
                to={`?${DRAFT_PARAM}=${encodeURIComponent(d.id)}`}
                aria-current={d.id === openId ? 'true' : undefined}
                className={cn('flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent', d.id === openId && 'bg-accent font-medium')}
              >
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{draftLabel(d)}</span>
                {d.updatedAt ? <span className="shrink-0 text-xs text-muted-foreground">{formatRelativeTime(d.updatedAt, now)}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
