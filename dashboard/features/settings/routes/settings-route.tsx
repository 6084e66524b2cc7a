import { Bell, Palette } from 'lucide-react';
import { Alert } from '@core/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useTheme } from '@/lib/theme';
import { AccountSettings } from '../components/account-settings';
import { SchedulingSettings } from '../components/scheduling-settings';
import { SettingSwitch } from '../components/setting-switch';
import { useSettingsToggles } from '../hooks/use-settings-toggles';

export function SettingsRoute() {
  const { settings, loading, loadError, set } = useSettingsToggles();
  const { resolvedTheme, setTheme } = useTheme();

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Manage your account preferences" />
      {loadError ? (
        <Alert tone="danger">Couldn't load your saved preferences: {loadError.message}</Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <AccountSettings />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <SchedulingSettings />
        </div>
        <Card role="region" aria-labelledby="notifications-title">
          <CardHeader>
            <CardTitle id="notifications-title" className="flex items-center gap-2 text-base">
              <Bell className="size-4 text-primary" aria-hidden="true" />
              Notifications
            </CardTitle>
            <CardDescription>Choose what we email you about.</CardDescription>
          </CardHeader>
          <CardContent className="divide-y">
            <SettingSwitch
              label="Email Notifications"
              description="News, tips and account notices."
              checked={settings.emailNotifications}
              onChange={(v) => set('emailNotifications', v)}
              disabled={loading}
            />
            <SettingSwitch
              label="Project Updates"
              description="When a render or generation finishes."
              checked={settings.projectUpdates}
              onChange={(v) => set('projectUpdates', v)}
              disabled={loading}
            />
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="appearance-title">
          <CardHeader>
            <CardTitle id="appearance-title" className="flex items-center gap-2 text-base">
              <Palette className="size-4 text-primary" aria-hidden="true" />
              Appearance
            </CardTitle>
            <CardDescription>
              Dark Mode applies to this device; Animations follow your account.
            </CardDescription>
          </CardHeader>
          <CardContent className="divide-y">
            <SettingSwitch
              label="Dark Mode"
              description="Use the dark theme."
              checked={resolvedTheme === 'dark'}
              onChange={(v) => setTheme(v ? 'dark' : 'light')}
            />
            <SettingSwitch
              label="Animations"
              description="Motion in menus, the sidebar and page changes."
              checked={settings.animations}
              onChange={(v) => set('animations', v)}
              disabled={loading}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
