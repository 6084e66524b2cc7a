// Runs before anything else in `npm start` / `npm test`: on a fresh clone nothing (not even tsx) is
// installed yet, so this one file stays plain JavaScript. It installs npm packages when missing or stale,
// always at the versions in package-lock.json.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const marker = `${root}node_modules/.package-lock.json`;
const lock = `${root}package-lock.json`;

/** Runs npm with its output captured, so a failure is summarised instead of dumped. */
function npm(args) {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** npm's reason in one line: its error code and first explaining line, and how many "Missing:" entries. */
function reason(output) {
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('npm error'))
    .map((l) => l.slice('npm error'.length).trim())
    .filter(Boolean);
  const code = lines.find((l) => l.startsWith('code '))?.slice(5);
  const missing = lines.filter((l) => /^(Missing|Invalid): /.test(l));
  const first = missing[0] ?? lines.find((l) => !l.startsWith('code ')) ?? 'no message';
  return `${code ? `${code}: ` : ''}${first}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}`;
}

/** npm's closing summary ("added 1388 packages in 40s"), if it printed one. */
const summary = (output) =>
  output
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('npm '))
    .at(-1)
    ?.trim();

if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  console.log('▸ Installing npm packages (npm ci)');
  let r = npm(['ci']);
  if (!r.ok) {
    // A lock npm ci refuses (e.g. one written where the registry lacked some platform's optional
    // packages) still pins every version: install from it without rewriting it.
    console.log(
      `▸ npm ci refused (${reason(r.output)}); installing the lock file's versions with npm install --no-save`,
    );
    r = npm(['install', '--no-save']);
  }
  if (!r.ok) {
    console.log(r.output.split('\n').slice(-40).join('\n'));
    console.log(`✖ Installing npm packages failed (${reason(r.output)})`);
    process.exit(1);
  }
  const done = summary(r.output);
  console.log(`✔ npm packages installed${done ? ` (${done})` : ''}`);
}
