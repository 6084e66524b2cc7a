// npm run bench: speed and size figures (never asserted in tests). Pass names to run some: npm run bench -- first-page-js
import { firstPageJs } from './bench/first-page-js';
import { say } from './stack/log';

const benches: Record<string, () => Promise<Record<string, string | number>>> = {
  'first-page-js': firstPageJs,
};

const only = process.argv.slice(2);
for (const [name, bench] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  say.step(name);
  const figures = await bench();
  say.plain(`  ${Object.entries(figures).map(([k, v]) => `${k}=${v}`).join('  ')}`);
}
