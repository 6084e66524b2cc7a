import { isAppPath, paths } from '@core/routes';

/**
 * Where a user goes after signing in: the page the guard sent them away from (router state `from`),
 * or the dashboard. Only same-app paths are honoured, never /auth itself or another origin.
 */
export function resolveRedirect(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  const target = typeof from === 'string' ? from : pathOf(from);
  if (!target || !isAppPath(target)) return paths.home;
  const pathname = target.split(/[?#]/, 1)[0] ?? '';
  if (pathname === paths.auth || pathname.startsWith(`${paths.auth}/`)) return paths.home;
  return target;
}

function pathOf(from: unknown): string | null {
  if (
    !from ||
    typeof from !== 'object' ||
    !('pathname' in from) ||
    typeof from.pathname !== 'string'
  )
    return null;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}
