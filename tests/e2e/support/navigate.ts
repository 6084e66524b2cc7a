import type { Page } from '@playwright/test';

/**
 * Takes the open dashboard to `path` through its own router, without loading the app again: the address is
 * pushed onto the history and a popstate event has React Router render it, as Back and Forward do. A spec
 * that looks at many screens in turn saves a load of the app per screen (its bundle, Firebase Auth's and
 * Firestore's start). The caller waits for what the screen shows; a screen with the same heading as the one
 * on screen, or one with a dialog still open, wants page.goto instead, since nothing would tell the two apart.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // React Router keeps its own index in the history entry's state (it tells a Back from a Forward by it).
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2, 10), idx },
      '',
      to,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, path);
}
