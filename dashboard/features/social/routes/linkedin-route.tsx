import { PlatformPage } from '../components/platform-page';

export function LinkedinRoute() {
  return <PlatformPage platform="linkedin" />;
}
