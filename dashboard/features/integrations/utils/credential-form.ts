import {
  credentialFieldsOf,
  missingRequiredFields,
  saveSocialCredentialsSchema,
  socialPlatformLabels,
  type CredentialField,
  type SaveSocialCredentialsInput,
  type SocialPlatform,
} from '@core/integrations';
import type { SocialAccount } from '../api/get-social-accounts';

// The credential form's rules: what the button says, what each field shows and what is sent.
// `edits` holds only what the user typed; a field the user has not touched shows the stored state.

export type CredentialEdits = Record<string, string | undefined>;

export interface FieldView {
  name: string;
  field: CredentialField;
  /** What the input holds: the user's text, else a stored non-secret value, else ''. */
  value: string;
  placeholder: string;
  /** A stored value exists for this field (secret: its hint is known). */
  stored: boolean;
}

/** 'Update' once the account holds a key or a token, 'Save' before. */
export function hasStoredCredentials(account: SocialAccount | undefined): boolean {
  return Boolean(
    account &&
    (account.connected ||
      Object.keys(account.hints).length > 0 ||
      Object.keys(account.values).length > 0),
  );
}

export function credentialButtonLabel(
  platform: SocialPlatform,
  account: SocialAccount | undefined,
): string {
  return `${hasStoredCredentials(account) ? 'Update' : 'Save'} ${socialPlatformLabels[platform]} Credentials`;
}

// The label names the field; the placeholder says whether something is stored, short enough for a phone.
const NOT_SAVED = 'Not saved yet';

function placeholderOf(
  field: CredentialField,
  account: SocialAccount | undefined,
  name: string,
): string {
  if (field.secret) {
    if (account && name in account.hints) {
      const hint = account.hints[name];
      return hint ? `Saved: ••••${hint}` : 'Saved';
    }
    return NOT_SAVED;
  }
  const saved = account?.values[name];
  return saved ? `Saved: ${saved}` : NOT_SAVED;
}

export function fieldViews(
  platform: SocialPlatform,
  edits: CredentialEdits,
  account: SocialAccount | undefined,
): FieldView[] {
  return Object.entries(credentialFieldsOf(platform)).map(([name, field]) => {
    const stored = field.secret
      ? Boolean(account && name in account.hints)
      : Boolean(account?.values[name]);
    const typed = edits[name];
    const value = typed ?? (field.secret ? '' : (account?.values[name] ?? ''));
    return { name, field, value, placeholder: placeholderOf(field, account, name), stored };
  });
}

/**
 * The fields to send: trimmed, blank ones left out (blank keeps the stored value), and non-secret values left
 * out when they equal what is stored, so an Update sends only what changed.
 */
export function changedCredentials(
  platform: SocialPlatform,
  edits: CredentialEdits,
  account: SocialAccount | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, field } of fieldViews(platform, edits, account)) {
    const typed = edits[name]?.trim();
    if (!typed) continue;
    if (!field.secret && account?.values[name] === typed) continue;
    out[name] = typed;
  }
  return out;
}

export type CredentialPlan =
  | { ok: true; input: SaveSocialCredentialsInput }
  | { ok: false; reason: 'nothing_changed'; message: string }
  | { ok: false; reason: 'missing'; fields: string[]; message: string }
  | { ok: false; reason: 'invalid'; message: string };

/** Checks the form as the server will (required fields on the first save, allowed characters, lengths) and builds the payload. */
export function planCredentialSave(
  platform: SocialPlatform,
  edits: CredentialEdits,
  account: SocialAccount | undefined,
): CredentialPlan {
  const credentials = changedCredentials(platform, edits, account);
  if (Object.keys(credentials).length === 0) {
    return {
      ok: false,
      reason: 'nothing_changed',
      message: hasStoredCredentials(account)
        ? 'Nothing to update: enter a new value first'
        : 'Please enter your credentials',
    };
  }
  const stored: Record<string, string> = { ...(account?.values ?? {}) };
  for (const name of Object.keys(account?.hints ?? {})) stored[name] = 'stored';
  const missing = missingRequiredFields(platform, { ...stored, ...credentials });
  if (missing.length > 0)
    return {
      ok: false,
      reason: 'missing',
      fields: missing,
      message: `Please fill in all required fields: ${missing.join(', ')}`,
    };
  const input = { platform, credentials } as SaveSocialCredentialsInput;
  const parsed = saveSocialCredentialsSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      reason: 'invalid',
      message: parsed.error.issues[0]?.message ?? 'Please check your credentials',
    };
  return { ok: true, input };
}
