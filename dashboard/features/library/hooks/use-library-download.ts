import { useCallback, useState } from 'react';
import { downloadFile } from '@/lib/download';
import { toast } from '@/lib/toast';
import type { LibraryItem } from '../api/get-generations';
import { libraryFileName } from '../utils/download-name';

/** Downloads a library item as its title plus the extension of its type; `pendingId` is the item being fetched. */
export function useLibraryDownload(): {
  download: (item: LibraryItem) => Promise<void>;
  pendingId: string | null;
} {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const download = useCallback(async (item: LibraryItem) => {
    setPendingId(item.id);
    toast({ title: 'Download started', description: 'Your file will be downloaded shortly.' });
    try {
      await downloadFile(item.originalUrl ?? item.thumbnailUrl, libraryFileName(item));
    } catch {
      toast({
        title: 'Download failed',
        description: 'There was an error downloading your file.',
        variant: 'destructive',
      });
    } finally {
      setPendingId(null);
    }
  }, []);
  return { download, pendingId };
}
