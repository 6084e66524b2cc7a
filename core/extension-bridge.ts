// The window messages between the dashboard and the extension's content script on the dashboard's own
// origin (docs/architecture.md, "One sign-in"). Constants only: both the dashboard and the content script
// (which loads on every page) import this file.

import { isAppPath, paths } from './routes';

/** Dashboard -> content script: `{type, code}`, a one-time sign-in code for the extension. */
export const EXTENSION_SIGN_IN_MESSAGE = 'muse:extension-sign-in';
/** Content script -> dashboard: `{type}`, the background has the code. */
export const EXTENSION_SIGN_IN_RECEIVED = 'muse:extension-sign-in-received';
/** The shape of a one-time sign-in code (core/sign-in-codes.ts makes them): 43 base64url characters. */
export const SIGN_IN_CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** How long a code can be redeemed after it was made (here so the side panel reads it without the schemas). */
export const SIGN_IN_CODE_TTL_MS = 60_000;

/** A session the extension hands to the dashboard: the one-time code and the dashboard path to open after. */
export interface DashboardHandoff {
  code: string;
  next: string;
}

/**
 * The fragment of the dashboard address that carries a hand-off. A fragment, not a query: browsers never
 * send it to a server, so it stays out of server and proxy logs; the dashboard removes it on arrival.
 */
export function handoffFragment({ code, next }: DashboardHandoff): string {
  return `#${new URLSearchParams({ code, next }).toString()}`;
}

/** Reads a hand-off from an address's fragment; null when it carries none or a malformed one. */
export function readHandoffFragment(hash: string): DashboardHandoff | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('code') ?? '';
  if (!SIGN_IN_CODE_SHAPE.test(code)) return null;
  const next = params.get('next') ?? paths.home;
  return { code, next: isAppPath(next) ? next : paths.home };
}
