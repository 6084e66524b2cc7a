import { useRef, useState } from 'react';
import type { PublishPlatform, PublishPostInput } from '@core/social-posts';
import { readCallableError, useCall, type CallableFailure } from '@/lib/call';
import { toast } from '@/lib/toast';
import { PLATFORM_COPY } from '../utils/platforms';

/**
 * What every composer's post button does with publishPost: one request per click (a fresh requestId), the
 * failure as a toast in the platform's words, and a failure that needs Integrations kept for the alert.
 */
export function usePublishPost(platform: PublishPlatform, accountFailure: CallableFailure | null) {
  const copy = PLATFORM_COPY[platform];
  const [failure, setFailure] = useState<CallableFailure | null>(null);
  const { run, isPending } = useCall('publishPost');
  // Set at the click, before any render: a second click in the same frame does nothing.
  const sending = useRef(false);

  /** Sends the post; resolves with its id, or null when it was not sent or was refused (already said). */
  async function publish(
    input: Omit<PublishPostInput, 'requestId' | 'platform'>,
  ): Promise<string | null> {
    if (sending.current) return null;
    sending.current = true;
    setFailure(null);
    try {
      const result = await run({
        requestId: crypto.randomUUID(),
        platform,
        ...input,
      } as PublishPostInput);
      return result.postId;
    } catch (error) {
      const f = readCallableError(error, copy.failed);
      if (f.needsIntegrations) setFailure(f);
      toast({
        title: copy.failed,
        description:
          f.reason === 'missing-credentials'
            ? copy.connect
            : f.message === copy.failed
              ? undefined
              : f.message,
        variant: 'destructive',
      });
      return null;
    } finally {
      sending.current = false;
    }
  }

  return {
    publish,
    /** A post is on its way: the button shows it and a click does nothing. */
    busy: isPending || sending.current,
    /** The failure the composer shows with the way to Integrations: its own last one, else the account's. */
    shownFailure: failure ?? (accountFailure?.needsIntegrations ? accountFailure : null),
  };
}
