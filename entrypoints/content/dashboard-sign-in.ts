import {
  EXTENSION_SIGN_IN_MESSAGE,
  EXTENSION_SIGN_IN_RECEIVED,
  SIGN_IN_CODE_SHAPE,
} from '@core/extension-bridge';
import { sendMessage } from '@core/messaging';

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * On the dashboard's origin only: passes a one-time sign-in code the signed-in dashboard posts to its
 * own window on to the background, and acknowledges it. Any other page, frame or origin is ignored, so
 * no other site can sign the extension in to an account of its choosing.
 */
export function watchDashboardSignIn(
  win: Window,
  dashboardUrl: string | undefined,
  send: (code: string) => Promise<unknown> = (code) => sendMessage('dashboardSignInCode', { code }),
): () => void {
  const origin = originOf(dashboardUrl);
  if (!origin || win.location.origin !== origin || win.top !== win) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== origin) return;
    const data = event.data as { type?: unknown; code?: unknown } | null;
    if (
      data?.type !== EXTENSION_SIGN_IN_MESSAGE ||
      typeof data.code !== 'string' ||
      !SIGN_IN_CODE_SHAPE.test(data.code)
    )
      return;
    void send(data.code).then(
      () => win.postMessage({ type: EXTENSION_SIGN_IN_RECEIVED }, origin),
      () => undefined,
    );
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
