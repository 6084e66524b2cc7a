import { Check } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@core/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { formatPeriod, formatPrice, planFeatures, type Plan } from '../utils/plan-features';

const TAGLINES: Record<Plan['id'], string> = {
  free: 'Try every tool at a gentle pace.',
  plus: 'For creators who publish every week.',
  pro: 'For studios and heavy automation.',
};

export function PlanCard({
  plan,
  current,
  highlighted,
  onSelect,
}: {
  plan: Plan;
  current: boolean;
  highlighted: boolean;
  onSelect: (plan: Plan) => void;
}) {
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col',
        highlighted && 'border-primary shadow-md ring-1 ring-primary/40',
      )}
    >
      {highlighted ? (
        <span className="absolute -top-3 left-6 rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
          Most popular
        </span>
      ) : null}
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={titleId} className="text-lg">
            {plan.name}
          </CardTitle>
          {current ? (
            <span className="rounded-full border border-success/40 bg-success/10 px-2.5 py-0.5 text-xs font-medium text-success">
              Current plan
            </span>
          ) : null}
        </div>
        <CardDescription>{TAGLINES[plan.id]}</CardDescription>
        <p className="pt-2">
          <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.price)}</span>{' '}
          <span className="text-sm text-muted-foreground">{formatPeriod(plan.period)}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2.5 text-sm">
          {planFeatures(plan).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {current ? (
          <Button variant="outline" className="w-full" disabled>
            Current plan
          </Button>
        ) : (
          <Button
            variant={highlighted ? 'default' : 'outline'}
            className="w-full"
            onClick={() => onSelect(plan)}
            aria-describedby={titleId}
          >
            Select Plan
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
