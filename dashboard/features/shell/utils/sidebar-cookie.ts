import { SIDEBAR } from '@core/constants';

/**
 * The sidebar's expanded state from a cookie header (`document.cookie`). Undefined when the cookie is
 * missing or holds anything but true/false, so the caller picks the default.
 */
export function readSidebarCookie(cookieHeader: string): boolean | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = decodeURIComponent(part.slice(0, eq).trim());
    if (name !== SIDEBAR.cookieName) continue;
    const value = part.slice(eq + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  }
  return undefined;
}

/** The `document.cookie` assignment that keeps the state for 7 days on every path. */
export function serializeSidebarCookie(open: boolean): string {
  return `${SIDEBAR.cookieName}=${open}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}
