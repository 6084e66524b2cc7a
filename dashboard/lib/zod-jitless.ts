import { z } from 'zod';

// The Content-Security-Policy (dashboard/security-headers.ts) allows no eval. zod compiles a fast
// parser with new Function, probing for it when each object schema is built, and the blocked probe is
// reported as a violation on every page. main.tsx imports this module first, before any schema exists.
z.config({ jitless: true });
