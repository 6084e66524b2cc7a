import { ApiError, GoogleGenAI } from '@google/genai';
import { classifyHttpFailure, transportFailure, type ProviderFailure } from '../provider-errors';
import { generateWithRetry, type TextGenerator, type TextGeneratorOptions } from './text-generator';

/** Gemini generateContent through the official SDK (POST {base}/v1beta/models/{model}:generateContent, x-goog-api-key). */
export function createGeminiTextGenerator(options: TextGeneratorOptions): TextGenerator {
  const client = new GoogleGenAI({
    apiKey: options.apiKey,
    // The Gemini Developer API, never Vertex AI, whatever GOOGLE_GENAI_USE_VERTEXAI says.
    vertexai: false,
    // No retryOptions: the SDK then makes exactly one request per call and our policy decides.
    httpOptions: { baseUrl: options.baseUrl, apiVersion: 'v1beta', timeout: options.timeoutMs },
  });
  return {
    generate: (request) =>
      generateWithRetry(
        async () => {
          const response = await client.models.generateContent({
            model: request.model,
            contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
            config: {
              systemInstruction: request.system,
              maxOutputTokens: request.maxOutputTokens,
              temperature: request.temperature,
            },
          });
          return response.text;
        },
        classifyGeminiError,
        options.retry,
      ),
  };
}

export function classifyGeminiError(error: unknown): ProviderFailure {
  if (error instanceof ApiError) {
    // The SDK keeps the status and the JSON body (as the message) but drops the headers, so
    // a per-minute limit's wait comes from the body's RetryInfo instead of Retry-After.
    let body: unknown;
    try {
      body = JSON.parse(error.message);
    } catch {
      body = undefined;
    }
    return classifyHttpFailure('gemini', error.status, body);
  }
  if (error instanceof Error && error.name === 'AbortError') return transportFailure('timeout');
  if (error instanceof TypeError) return transportFailure('network');
  return transportFailure('malformed');
}
