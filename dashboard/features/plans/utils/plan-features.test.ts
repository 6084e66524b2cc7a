import { describe, expect, it } from 'vitest';
import { PLANS } from '@core/constants';
import { formatPeriod, formatPrice, planFeatures } from './plan-features';

const plan = (id: string) => PLANS.find((p) => p.id === id)!;

describe('plan display', () => {
  it.each([
    ['free', '$0', 'forever', '5 AI generations a day', false],
    ['plus', '$300', 'per year', '100 AI generations a day', false],
    ['pro', '$500', 'per year', 'Unlimited AI generations', true],
  ])('%s: %s %s, %s, API access %s', (id, price, period, generations, api) => {
    const p = plan(id);
    expect(formatPrice(p.price)).toBe(price);
    expect(formatPeriod(p.period)).toBe(period);
    expect(planFeatures(p)[0]).toBe(generations);
    expect(planFeatures(p).includes('API access')).toBe(api);
  });
});
