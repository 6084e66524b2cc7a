// zod/mini shares zod's global config, and keeps the full zod off the first page.
import { config } from 'zod/mini';

// The Content-Security-Policy (dashboard/security-headers.ts) allows no eval. zod compiles a fast
// parser with new Function, probing for it when each object schema is built, and the blocked probe is
// reported as a violation on every page. main.tsx imports this module first, before any schema exists.
config({ jitless: true });
