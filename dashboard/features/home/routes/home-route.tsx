import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { pickDisplayName, useProfile } from '@/lib/profile';
import { CreativeAssistant } from '../components/creative-assistant';
import { QuickActions } from '../components/quick-actions';
import { RecentProjects } from '../components/recent-projects';
import { SocialOverview } from '../components/social-overview';
import { StatCards } from '../components/stat-cards';
import { WeeklyGoals } from '../components/weekly-goals';
import { isFirstSession, welcomeLine } from '../utils/greeting';

export function HomeRoute() {
  const { user } = useAuth();
  const { profile } = useProfile();
  const name = pickDisplayName(profile.displayName, user?.displayName, user?.email);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={welcomeLine(name, isFirstSession(user?.metadata))}
      />
      <StatCards />
      <div className="grid gap-6 lg:grid-cols-2">
        <WeeklyGoals />
        <SocialOverview />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <CreativeAssistant />
        </div>
        <QuickActions />
      </div>
      <RecentProjects />
    </div>
  );
}
