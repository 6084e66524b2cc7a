import { PlatformPage } from '../components/platform-page';

export function XRoute() {
  return <PlatformPage platform="x" />;
}
