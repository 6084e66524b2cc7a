import type { Hono } from 'hono';
import type { FaultBody } from './app';
import type { ProviderId } from './hosts';
import { anthropicRoutes } from './providers/anthropic';
import { bflRoutes } from './providers/bfl';
import { elevenlabsRoutes } from './providers/elevenlabs';
import { geminiRoutes } from './providers/gemini';
import { googleOAuthRoutes } from './providers/google-oauth';
import { linkedinRoutes } from './providers/linkedin';
import { lumaRoutes } from './providers/luma';
import { openaiRoutes } from './providers/openai';
import { redditRoutes } from './providers/reddit';
import { xFaultBody, xRoutes } from './providers/x';
import { youtubeFaultBody, youtubeRoutes } from './providers/youtube';

/**
 * Each provider's documented routes, added by the feature that first calls that provider.
 * A provider without routes still answers health and control calls, and 404s everything else.
 */
export const providerRoutes: Partial<Record<ProviderId, (app: Hono) => void>> = {
  bfl: bflRoutes,
  luma: lumaRoutes,
  elevenlabs: elevenlabsRoutes,
  openai: openaiRoutes,
  anthropic: anthropicRoutes,
  gemini: geminiRoutes,
  linkedin: linkedinRoutes,
  x: xRoutes,
  reddit: redditRoutes,
  // Google's origin serves Google OAuth and the YouTube Data API, whose calls check the tokens it issued.
  google: (app) => {
    googleOAuthRoutes(app);
    youtubeRoutes(app);
  },
};

/** Providers whose faults answer in their own error shape rather than the generic {error}. */
export const providerFaultBodies: Partial<Record<ProviderId, FaultBody>> = {
  x: xFaultBody,
  google: youtubeFaultBody,
};
