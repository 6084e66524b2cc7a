import { userCollectionPath } from '@core/firestore-paths';
import { useLiveDoc } from '@core/react/use-live';
import { formatInZone } from '@core/schedule';
import { checkingMessage, toSocialPost } from '@core/social-posts';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { doc, type Firestore } from 'firebase/firestore';

/**
 * How a post the panel sent ends, live from users/{uid}/socialPosts/{postId} (functions write it). While the
 * server asks the platform whether an unanswered request made the post, it says so, as Recent Posts does.
 */
export function PostOutcome({
  db,
  uid,
  postId,
  label,
  onDismiss,
}: {
  db: Firestore;
  uid: string;
  postId: string;
  label?: string;
  onDismiss: () => void;
}) {
  const state = useLiveDoc(doc(db, userCollectionPath(uid, 'socialPosts'), postId), toSocialPost);
  const post = state.status === 'success' ? state.data : null;
  const dismiss = (
    <Button variant="ghost" size="xs" onClick={onDismiss} className="ml-auto">
      Dismiss
    </Button>
  );
  if (post?.status === 'failed') {
    return (
      <Alert tone="danger" className="flex items-start gap-2">
        <span>
          <span className="font-medium">{label ? `Last post on ${label}: ` : 'Last post: '}</span>
          {post.error?.message || 'The post failed. Retry it from Recent Posts in the dashboard.'}
        </span>
        {dismiss}
      </Alert>
    );
  }
  const line =
    post?.status === 'published'
      ? 'Posted.'
      : post?.status === 'scheduled'
        ? // Shown in the zone it was planned in (the post's own), with its name.
          `Scheduled for ${post.scheduledAt ? `${formatInZone(post.scheduledAt, post.timeZone)} (${post.timeZone})` : 'later'}.`
        : post?.status === 'cancelled'
          ? 'Cancelled.'
          : post?.status === 'publishing' && post.checkingUntil
            ? checkingMessage(post.platform)
            : 'Posting…';
  return (
    <Alert className="flex items-center gap-2">
      <span>
        <span className="font-medium">{label ? `Last post on ${label}: ` : 'Last post: '}</span>
        {line}
        {post?.url && (
          <a
            href={post.url}
            target="_blank"
            rel="noreferrer"
            className="ml-1 font-medium text-primary underline"
          >
            View post
          </a>
        )}
      </span>
      {dismiss}
    </Alert>
  );
}
