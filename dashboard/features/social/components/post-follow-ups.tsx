import { ExternalLink } from 'lucide-react';
import type { SocialPost } from '@core/social-posts';

const linkClass =
  'inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * Recent Posts: a thread's size and each of its posts' links as they go out, and the first comment's. Each step
 * has its own id (functions/src/social/publish-run.ts), so a thread stopped part way shows what is live.
 */
export function PostFollowUps({ post }: { post: SocialPost }) {
  const comment = post.firstComment;
  if (post.thread.length === 0 && !comment) return null;
  const links = [
    { name: 'Post 1', url: post.url },
    ...post.thread.map((item, i) => ({ name: `Post ${i + 2}`, url: item.url })),
  ];
  return (
    <div className="grid min-w-0 gap-1 text-xs text-muted-foreground">
      {post.thread.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium text-foreground">Thread of {post.thread.length + 1}</span>
          <ul aria-label="Posts of the thread" className="flex flex-wrap gap-x-3 gap-y-1">
            {links.map((link) => (
              <li key={link.name}>
                {link.url ? (
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={linkClass}
                  >
                    {link.name}
                    <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                ) : (
                  <span>{link.name}: not published yet</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {comment ? (
        <p className="flex min-w-0 flex-wrap items-center gap-x-2">
          <span className="min-w-0 break-words">
            <span className="font-medium text-foreground">First comment:</span> {comment.text}
          </span>
          {comment.url ? (
            <a href={comment.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              View comment
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
