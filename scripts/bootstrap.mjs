// Runs before anything else in `npm start` / `npm test`: on a fresh clone nothing (not even tsx) is
// installed yet, so this one file stays plain JavaScript. It installs npm packages when missing or stale.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const marker = `${root}node_modules/.package-lock.json`;
const lock = `${root}package-lock.json`;

if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  console.log('▸ Installing npm packages (npm ci)');
  let r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    // npm 11's ci refuses a lock that lacks entries for other platforms' optional packages (Tailwind's
    // oxide binaries); install resolves them from the same lock instead of failing the whole run.
    console.log('▸ npm ci refused the lockfile; installing with npm install');
    r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  }
  if (r.status !== 0) process.exit(r.status ?? 1);
}
