// Route paths from the route table. The dashboard router and every link use these,
// and the extension uses them for "open in dashboard".
export const paths = {
  auth: '/auth',
  /** Where the extension and the dashboard hand a session to each other (docs/architecture.md, "One sign-in"). */
  extensionSignIn: '/extension-sign-in',
  callback: '/callback',
  home: '/',
  library: '/library',
  create: '/create',
  createImage: '/create/image',
  createVideo: '/create/video',
  createAudio: '/create/audio',
  createEditor: '/create/editor',
  social: '/social',
  socialX: '/social/x',
  socialLinkedin: '/social/linkedin',
  socialReddit: '/social/reddit',
  socialYoutube: '/social/youtube',
  socialYoutubeCallback: '/social/youtube/callback',
  socialRedditCallback: '/social/reddit/callback',
  calendar: '/calendar',
  /** One composer for every connected channel (one post group per send). */
  compose: '/compose',
  integrations: '/integrations',
  settings: '/settings',
  settingsPlan: '/settings/plan',
} as const;

/** The library showing one item first: the target of every "Open in dashboard" for a library item. */
export function libraryItemPath(id: string): string {
  return `${paths.library}?item=${encodeURIComponent(id)}`;
}

/** The dashboard with its header inbox open: where the extension's badge of failed posts leads. */
export const inboxPath = `${paths.home}?inbox=open`;

/** The sign-in screen opened on its sign-up view. */
export const signUpPath = `${paths.auth}?view=sign_up`;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The dashboard the extension links to when its build names none (the local dev server). */
export const DEFAULT_DASHBOARD_URL = 'http://127.0.0.1:5173';

const APP_ORIGIN = 'https://app.invalid';

/**
 * A path of this app's own origin, safe to navigate to: it starts with one "/", holds no control character
 * (URL parsers drop tab, LF and CR, so "/\t/host" is "//host", a protocol-relative URL to another origin),
 * and resolves on this origin ("//host" and "/\host" do not). Every "next" or "from" the app follows
 * passes here; anything else lands on the home page.
 */
export function isAppPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return false;
  }
  try {
    return new URL(path, APP_ORIGIN).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}
