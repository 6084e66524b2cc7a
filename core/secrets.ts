/**
 * Name of the Functions secret holding the AES-256-GCM keyring for users' provider keys and social
 * credentials: JSON {"current": "<keyId>", "keys": {"<keyId>": "<base64 of 32 bytes>", ...}}.
 * New values are sealed with `current`; older key ids stay listed so rotation keeps old values readable.
 */
export const SECRETS_KEYRING = 'MUSE_SECRETS_KEYRING';
