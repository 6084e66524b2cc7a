import { useCallback, useState } from 'react';
import { downloadFile } from '@/lib/download';
import { toast } from '@/lib/toast';
import { imageDownloadName } from '../utils/download-name';

/** Downloads a generated image as '{first 30 prompt characters}.png'; `pending` is the URL being fetched. */
export function useImageDownload(): {
  download: (url: string | null, prompt: string) => Promise<void>;
  pending: string | null;
} {
  const [pending, setPending] = useState<string | null>(null);
  const download = useCallback(async (url: string | null, prompt: string) => {
    setPending(url ?? '');
    try {
      await downloadFile(url, imageDownloadName(prompt));
      toast({ title: 'Image downloaded successfully' });
    } catch {
      toast({
        title: 'Download failed',
        description: 'There was an error downloading your image.',
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  }, []);
  return { download, pending };
}
