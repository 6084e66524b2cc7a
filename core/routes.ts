// Route paths from the route table. The dashboard router and every link use these,
// and the extension uses them for "open in dashboard".
export const paths = {
  auth: '/auth',
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
  integrations: '/integrations',
  settings: '/settings',
  settingsPlan: '/settings/plan',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
