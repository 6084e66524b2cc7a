import { type PLANS } from '@core/constants';

export type Plan = (typeof PLANS)[number];

/** '$0', '$300': whole dollars, no cents. */
export function formatPrice(price: number): string {
  return `$${price.toLocaleString('en-US')}`;
}

/** 'forever' stays as it is; a period reads 'per year'. */
export function formatPeriod(period: Plan['period']): string {
  return period === 'forever' ? 'forever' : `per ${period}`;
}

/** The feature list on a plan card, built from the plan's limits so the cards can't drift from the constants. */
export function planFeatures(plan: Plan): string[] {
  const generations =
    plan.dailyGenerations === null
      ? 'Unlimited AI generations'
      : `${plan.dailyGenerations} AI generations a day`;
  const features = [
    generations,
    'Image, video and audio generation',
    'Video editor with in-browser rendering',
    'Post to X, LinkedIn, Reddit and YouTube',
  ];
  if (plan.apiAccess) features.push('API access');
  return features;
}

/** Everyone is on Free until billing exists. */
export const CURRENT_PLAN_ID: Plan['id'] = 'free';
