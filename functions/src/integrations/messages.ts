import { integrationLabel, type IntegrationType, type KeyTestStatus } from '@core/integrations';

// User-facing texts about a provider key, in the voice of the product's message catalogue.

export function keyTestMessage(type: IntegrationType, status: KeyTestStatus): string {
  const label = integrationLabel(type);
  switch (status) {
    case 'ok':
      return `Your ${label} API key works.`;
    case 'invalid':
      return `${label} did not accept this API key. Check it and save it again.`;
    case 'no_credit':
      return `Your ${label} account is out of credit. Add credit with ${label}, then test again.`;
    case 'rate_limited':
      return `${label} is rate limiting this key right now. Try again in a minute.`;
    case 'unavailable':
      return `${label} could not be reached to check this key. Try again later.`;
  }
}

export function noKeyToTestMessage(type: IntegrationType): string {
  return `Save your ${integrationLabel(type)} API key before testing it.`;
}

export function unreadableKeyMessage(type: IntegrationType): string {
  return `Your saved ${integrationLabel(type)} API key can no longer be read. Save it again in Integrations.`;
}
