import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const localDir = `${root}.local`;
export const logsDir = `${localDir}/logs`;
export const runDir = `${localDir}/run`;
