import { HttpsError } from 'firebase-functions/v2/https';
import { DEFAULT_MODELS, resolveModelChoice } from '@core/ai-models';
import { missingKeyMessage, modelProvider, type GenerateTextResult } from '@core/ai-text';
import { integrationLabel, type LlmIntegrationType } from '@core/integrations';
import { reasonedError, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { unreadableKeyMessage } from '../../integrations/messages';
import { readIntegrationKey, type SecretStoreDeps } from '../../integrations/secret-store';
import type { ProviderFailure } from '../../providers/provider-errors';
import type { TextGeneratorFactory } from '../../providers/text/text-generator';
import { offeredCatalogue, type CatalogueDeps } from '../../models/model-catalogue';
import { finishText, taskPrompt } from './prompts';
import type { CallablePayload } from '@core/callables';

export interface GenerateTextDeps extends Pick<SecretStoreDeps, 'db' | 'keyring'> {
  textGenerators: TextGeneratorFactory;
  catalogue: CatalogueDeps;
}

function failureError(
  provider: LlmIntegrationType,
  model: string,
  failure: ProviderFailure,
): HttpsError {
  const label = integrationLabel(provider);
  switch (failure.reason) {
    case 'invalid_key':
      return reasonedError(
        'failed-precondition',
        `Your ${label} API key is invalid. Update it in Integrations.`,
        { reason: 'invalid-key', provider },
      );
    case 'no_credit':
      return reasonedError(
        'resource-exhausted',
        `Your ${label} account is out of credit. Add credit with ${label}, then try again.`,
        { reason: 'out-of-credit', provider },
      );
    case 'rate_limited':
      return reasonedError(
        'resource-exhausted',
        `${label} is busy right now (rate limited). Please try again in a minute.`,
        {
          reason: 'rate-limited',
          provider,
          ...(failure.retryAfterMs !== undefined
            ? { retryAfterSeconds: Math.ceil(failure.retryAfterMs / 1000) }
            : {}),
        },
      );
    case 'unavailable':
      return new HttpsError(
        'unavailable',
        `${label} is not responding right now. Please try again later.`,
      );
    case 'rejected':
      return failure.status === 404
        ? reasonedError(
            'failed-precondition',
            `${label} does not offer ${model} to your API key. Choose another model.`,
            { reason: 'model-unavailable', provider },
          )
        : new HttpsError('internal', 'Failed to process AI request');
  }
}

/**
 * Every AI text feature: the user's own key for the chosen model's provider, one system prompt per task. A
 * model the key's catalogue no longer offers is replaced by the provider's default (the result says so),
 * so a retired model never costs a failing call.
 */
export async function generateText(
  uid: string,
  input: CallablePayload<'generateText'>,
  deps: GenerateTextDeps,
): Promise<GenerateTextResult> {
  const provider = modelProvider(input.model);
  const context = { uid, task: input.task, model: input.model, provider };
  return withFallbackError('Failed to process AI request', context, async () => {
    const stored = await readIntegrationKey(deps, uid, provider);
    if (!stored.found)
      throw reasonedError('failed-precondition', missingKeyMessage(provider), {
        reason: 'missing-key',
        provider,
      });
    if (!stored.readable)
      throw reasonedError('failed-precondition', unreadableKeyMessage(provider), {
        reason: 'invalid-key',
        provider,
      });

    const offered = await offeredCatalogue(deps.catalogue, uid, provider, stored);
    const choice = resolveModelChoice(offered?.models, input.model, DEFAULT_MODELS[provider]);
    const model = choice.id;
    if (choice.replaced) log.info('AI model replaced', { ...context, usedModel: model });
    const prompt = taskPrompt(input);
    const outcome = await deps
      .textGenerators(provider, stored.value)
      .generate({ model, prompt: input.prompt, ...prompt });
    // attempts = provider requests made for this one call (retries included).
    if (!outcome.ok) {
      log.warn('AI text failed', {
        ...context,
        attempts: outcome.attempts,
        reason: outcome.failure.reason,
        providerStatus: outcome.failure.status,
        providerCode: outcome.failure.code,
      });
      throw failureError(provider, model, outcome.failure);
    }
    log.info('AI text generated', {
      ...context,
      attempts: outcome.attempts,
      chars: outcome.text.length,
    });
    return {
      text: finishText(input.task, input.context?.platform, outcome.text),
      model,
      provider,
      ...(choice.replaced ? { replacedModel: choice.replaced } : {}),
    };
  });
}
