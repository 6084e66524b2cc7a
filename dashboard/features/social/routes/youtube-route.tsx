import { PageHeader } from '@/components/ui/page-header';
import { YoutubeConnect } from '../youtube/youtube-connect';

/** YouTube: the account's connection (the upload form joins it). */
export function YoutubeRoute() {
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title="YouTube" description="Upload videos to YouTube." />
      <YoutubeConnect />
    </div>
  );
}
