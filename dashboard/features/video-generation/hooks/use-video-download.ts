import { useCallback, useState } from 'react';
import { downloadFile, safeFileName } from '@/lib/download';
import { toast } from '@/lib/toast';

/** Downloads a stored video as '{first 30 prompt characters}.mp4'; `pending` is the URL being fetched. */
export function useVideoDownload(): {
  download: (url: string | null, prompt: string) => Promise<void>;
  pending: string | null;
} {
  const [pending, setPending] = useState<string | null>(null);
  const download = useCallback(async (url: string | null, prompt: string) => {
    setPending(url ?? '');
    toast({ title: 'Download started', description: 'Your video will be downloaded shortly.' });
    try {
      await downloadFile(url, safeFileName(prompt.slice(0, 30), '.mp4', 'video'));
      toast({ title: 'Video downloaded successfully' });
    } catch {
      toast({
        title: 'Download failed',
        description: 'There was an error downloading your video.',
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  }, []);
  return { download, pending };
}
