import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '@core/routes';
import { RouteError } from './route-error';

// Every screen is its own lazily loaded chunk: the first page only downloads what it shows.
const screen = <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

const comingSoon = (title: string, description: string) =>
  screen(
    () => import('@/components/coming-soon'),
    (m) =>
      function ComingSoonScreen() {
        return <m.ComingSoon title={title} description={description} />;
      },
  );

export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      // Shown while the first screen's chunk loads.
      hydrateFallbackElement: (
        <p role="status" className="grid min-h-svh place-items-center text-muted-foreground">
          Loading...
        </p>
      ),
      children: [
        {
          path: paths.auth,
          ...screen(
            () => import('@/features/auth/routes/auth-route'),
            (m) => m.AuthRoute,
          ),
        },
        {
          path: paths.extensionSignIn,
          ...screen(
            () => import('@/features/auth/routes/extension-sign-in-route'),
            (m) => m.ExtensionSignInRoute,
          ),
        },
        {
          path: paths.callback,
          ...comingSoon(
            'Connecting YouTube Account',
            'Please wait while we finish connecting your account.',
          ),
        },
        {
          ...screen(
            () => import('@/features/auth/components/require-auth'),
            (m) => m.RequireAuth,
          ),
          children: [
            {
              ...screen(
                () => import('@/features/shell/components/app-shell'),
                (m) => m.AppShell,
              ),
              children: [
                {
                  index: true,
                  ...screen(
                    () => import('@/features/home/routes/home-route'),
                    (m) => m.HomeRoute,
                  ),
                },
                {
                  path: paths.create,
                  ...screen(
                    () => import('@/features/create-hub/routes/create-hub-route'),
                    (m) => m.CreateHubRoute,
                  ),
                },
                {
                  path: paths.settings,
                  ...screen(
                    () => import('@/features/settings/routes/settings-route'),
                    (m) => m.SettingsRoute,
                  ),
                },
                {
                  path: paths.settingsPlan,
                  ...screen(
                    () => import('@/features/plans/routes/plans-route'),
                    (m) => m.PlansRoute,
                  ),
                },
                {
                  path: paths.library,
                  ...screen(
                    () => import('@/features/library/routes/library-route'),
                    (m) => m.LibraryRoute,
                  ),
                },
                {
                  path: paths.createImage,
                  ...screen(
                    () => import('@/features/image-generation/routes/image-generation-route'),
                    (m) => m.ImageGenerationRoute,
                  ),
                },
                {
                  path: paths.createVideo,
                  ...screen(
                    () => import('@/features/video-generation/routes/video-generation-route'),
                    (m) => m.VideoGenerationRoute,
                  ),
                },
                {
                  path: paths.createAudio,
                  ...screen(
                    () => import('@/features/audio-generation/routes/audio-generation-route'),
                    (m) => m.AudioGenerationRoute,
                  ),
                },
                {
                  path: paths.createEditor,
                  ...screen(
                    () => import('@/features/video-editor/routes/editor-route'),
                    (m) => m.EditorRoute,
                  ),
                },
                {
                  path: paths.social,
                  ...screen(
                    () => import('@/features/social/routes/social-overview-route'),
                    (m) => m.SocialOverviewRoute,
                  ),
                },
                {
                  path: paths.socialX,
                  ...screen(
                    () => import('@/features/social/routes/x-route'),
                    (m) => m.XRoute,
                  ),
                },
                {
                  path: paths.socialLinkedin,
                  ...screen(
                    () => import('@/features/social/routes/linkedin-route'),
                    (m) => m.LinkedinRoute,
                  ),
                },
                {
                  path: paths.socialReddit,
                  ...screen(
                    () => import('@/features/social/routes/reddit-route'),
                    (m) => m.RedditRoute,
                  ),
                },
                {
                  path: paths.socialYoutube,
                  ...screen(
                    () => import('@/features/social/routes/youtube-route'),
                    (m) => m.YoutubeRoute,
                  ),
                },
                {
                  path: paths.socialYoutubeCallback,
                  ...screen(
                    () => import('@/features/social/routes/oauth-callback-route'),
                    (m) => m.YoutubeCallbackRoute,
                  ),
                },
                {
                  path: paths.socialRedditCallback,
                  ...screen(
                    () => import('@/features/social/routes/oauth-callback-route'),
                    (m) => m.RedditCallbackRoute,
                  ),
                },
                {
                  path: paths.compose,
                  ...screen(
                    () => import('@/features/social/routes/compose-route'),
                    (m) => m.ComposeRoute,
                  ),
                },
                {
                  path: paths.calendar,
                  ...screen(
                    () => import('@/features/social/routes/calendar-route'),
                    (m) => m.CalendarRoute,
                  ),
                },
                {
                  path: paths.integrations,
                  ...screen(
                    () => import('@/features/integrations/routes/integrations-route'),
                    (m) => m.IntegrationsRoute,
                  ),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          ...screen(
            () => import('@/features/shell/routes/not-found-route'),
            (m) => m.NotFoundRoute,
          ),
        },
      ],
    },
  ]);
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
