import { YouTubePage } from '../components/youtube-page';
import { YoutubeConnect } from '../youtube/youtube-connect';

export function YoutubeRoute() {
  return <YouTubePage connectAction={<YoutubeConnect actionOnly />} />;
}
