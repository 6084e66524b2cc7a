import { FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { draftLabel, type DraftPlatform } from '@core/data/draft';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { useNow } from '@/lib/use-now';
import { useDraftMediaRecords } from '../api/draft-media';
import { usePlatformDrafts } from '../api/drafts';
import { DRAFT_PARAM } from '../hooks/use-draft';

/** One draft as the Drafts card lists it: what it says, and a short note on the right (when, or where to). */
export interface DraftListItem {
  id: string;
  label: string;
  note: string | null;
  /** The note is left out on a phone, where the label needs the room. */
  noteWide?: boolean;
}

/** A Drafts card: each draft opens in the composer of its page (?draft=ID); the open one is marked. */
export function DraftsList({
  items,
  openId,
}: {
  items: readonly DraftListItem[];
  openId: string | null;
}) {
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-label="Drafts" className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Drafts</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-1">
          {items.map((d) => (
            <li key={d.id}>
              <Link
                to={`?${DRAFT_PARAM}=${encodeURIComponent(d.id)}`}
                aria-current={d.id === openId ? 'true' : undefined}
                className={cn(
                  'flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent',
                  d.id === openId && 'bg-accent font-medium',
                )}
              >
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{d.label}</span>
                {d.note ? (
                  <span
                    className={cn(
                      'shrink-0 text-xs text-muted-foreground',
                      d.noteWide && 'hidden sm:inline',
                    )}
                  >
                    {d.note}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The platform's drafts (from here or the side panel); each opens in the composer. */
export function DraftsCard({
  platform,
  openId,
}: {
  platform: DraftPlatform;
  openId: string | null;
}) {
  const drafts = usePlatformDrafts(platform);
  // A draft of media alone is named from its files' library records (draftLabel).
  const mediaOnly =
    drafts.status === 'success'
      ? drafts.data.filter((d) => !d.title.trim() && !d.text.trim()).flatMap((d) => d.media)
      : [];
  const records = useDraftMediaRecords(mediaOnly);
  const now = useNow();
  if (drafts.status !== 'success' || records.status === 'loading') return null;
  const library = records.status === 'success' ? records.data : [];
  return (
    <DraftsList
      openId={openId}
      items={drafts.data.map((d) => ({
        id: d.id,
        label: draftLabel(d, library),
        note: d.updatedAt ? formatRelativeTime(d.updatedAt, now) : null,
      }))}
    />
  );
}
