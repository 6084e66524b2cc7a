import { paths } from '@core/routes';

/** Where Firebase's emails send the user back to: this dashboard's sign-in screen. */
export function authContinueUrl(origin: string): string {
  return `${origin.replace(/\/$/, '')}${paths.auth}`;
}
