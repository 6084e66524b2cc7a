import { SIGN_IN_CODE_SHAPE } from '@core/extension-bridge';
import { pendingSignInStorage } from '@core/extension-storage';

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a one-time sign-in code from the dashboard for the side panel to redeem (docs/architecture.md,
 * "One sign-in"). Only a code sent by this extension's content script in a top-level dashboard tab
 * counts; the content script already checks the page's origin, this checks the tab the browser reports.
 */
export async function receiveDashboardSignInCode(
  code: string,
  sender: { id?: string; url?: string; frameId?: number; tab?: { url?: string } },
  extensionId: string,
  dashboardUrl: string,
  now: () => number = Date.now,
): Promise<boolean> {
  const dashboardOrigin = originOf(dashboardUrl);
  const from = originOf(sender.url ?? sender.tab?.url);
  if (
    !SIGN_IN_CODE_SHAPE.test(code) ||
    sender.id !== extensionId ||
    sender.frameId !== 0 ||
    !dashboardOrigin ||
    from !== dashboardOrigin
  )
    return false;
  await pendingSignInStorage.setValue({ code, receivedAt: now() });
  return true;
}
