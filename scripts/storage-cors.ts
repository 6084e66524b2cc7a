import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { corsPolicy, dashboardOrigins, withFunctionsOrigins } from './deploy-check/storage-cors';

// `npm run storage:cors`: writes storage.cors.json for the project of the production env (.env.production,
// .env.production.local or the shell; DASHBOARD_ORIGINS there or in functions/.env.<project>), to apply with
//   gcloud storage buckets update gs://<bucket> --cors-file=storage.cors.json

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const env = withFunctionsOrigins(
    root,
    loadEnv('production', root, ['VITE_', 'DASHBOARD_ORIGINS']),
  );
  const origins = dashboardOrigins(env);
  writeFileSync(`${root}storage.cors.json`, `${JSON.stringify(corsPolicy(origins), null, 2)}\n`);
  console.log(`storage.cors.json: GET and HEAD from ${origins.join(', ')}`);
}
