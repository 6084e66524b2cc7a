import { describe, expect, it } from 'vitest';
import { providerHosts, providerIds, providers } from '@core/providers';
import { LINKEDIN_VERSION } from '../../../functions/src/providers/social/linkedin';
import {
  providerIds as sandboxProviderIds,
  sandboxHosts,
  sandboxProviders,
} from '../../sandbox/hosts';
import { LINKEDIN_VERSIONS } from '../../sandbox/providers/linkedin';

// tests/sandbox keeps its own data and imports nothing from the product (the lint holds it to that). Where the
// two must agree, this test, outside the sandbox, compares them.

describe('the sandbox and the product', () => {
  it('serve the same providers, in the same order (ports follow it), behind the same variables', () => {
    expect(sandboxProviderIds).toEqual(providerIds);
    expect(
      Object.fromEntries(Object.entries(sandboxProviders).map(([id, p]) => [id, p.env])),
    ).toEqual(Object.fromEntries(providerIds.map((id) => [id, providers[id].env])));
  });

  it('name the same further hosts', () => {
    expect(sandboxHosts).toEqual(
      Object.fromEntries(
        Object.entries(providerHosts).map(([id, h]) => [id, { provider: h.provider, env: h.env }]),
      ),
    );
  });

  it('sends a LinkedIn-Version that LinkedIn released, more than a month before it sunsets', () => {
    const sunset = LINKEDIN_VERSIONS[LINKEDIN_VERSION];
    expect(sunset, `LinkedIn never released ${LINKEDIN_VERSION}`).toBeDefined();
    const monthAhead = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect(
      monthAhead.toISOString().slice(0, 10) < sunset!,
      `${LINKEDIN_VERSION} sunsets on ${sunset}: move LINKEDIN_VERSION to a newer version`,
    ).toBe(true);
  });
});
