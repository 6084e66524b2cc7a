import { YouTubePage } from '../components/youtube-page';

export function YoutubeRoute() {
  return <YouTubePage />;
}
