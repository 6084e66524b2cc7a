import type { Hono } from 'hono';
import { keyKind } from './shared';

/** ElevenLabs (api.elevenlabs.io): key in `xi-api-key`; errors as {detail: {status, message}}. */
export function elevenlabsRoutes(app: Hono): void {
  app.get('/v1/user', (c) => {
    const kind = keyKind(c.req.header('xi-api-key'));
    if (kind === 'missing') {
      return c.json({ detail: { status: 'needs_authorization', message: 'Neither authorization header nor xi-api-key received, please provide one.' } }, 401);
    }
    if (kind === 'bad') return c.json({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }, 401);
    const limit = kind === 'no_credit' ? 10_000 : 100_000;
    return c.json({
      user_id: 'sandbox-user',
      subscription: {
        tier: kind === 'no_credit' ? 'free' : 'creator',
        character_count: kind === 'no_credit' ? limit : 1200,
        character_limit: limit,
        can_extend_character_limit: kind !== 'no_credit',
        allowed_to_extend_character_limit: kind !== 'no_credit',
        next_character_count_reset_unix: Math.floor(Date.now() / 1000) + 86_400 * 20,
        voice_limit: 30,
        status: 'active',
      },
      is_new_user: false,
      can_use_delayed_payment_methods: false,
    });
  });
}
