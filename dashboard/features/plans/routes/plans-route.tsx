import { Info } from 'lucide-react';
import { PLANS } from '@core/constants';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/lib/toast';
import { PlanCard } from '../components/plan-card';
import { CURRENT_PLAN_ID, type Plan } from '../utils/plan-features';

export function PlansRoute() {
  const select = (plan: Plan) =>
    toast({
      title: 'Billing is not available yet',
      description: `${plan.name} can't be purchased yet. Everyone is on the Free Plan for now; we'll let you know when upgrades open.`,
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Plan Settings"
        description="Choose the plan that fits how much you create."
      />
      <div className="grid gap-6 pt-2 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={plan.id === CURRENT_PLAN_ID}
            highlighted={plan.id === 'plus'}
            onSelect={select}
          />
        ))}
      </div>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Plans are shown for reference: billing isn't live yet, and daily limits aren't enforced.
      </p>
    </div>
  );
}
