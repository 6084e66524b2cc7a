import type { DeployCheck } from '../context';
import { checkIndexes } from '../indexes';

/** Every Firestore query the code makes has its index in firestore.indexes.json (scripts/deploy-check/indexes.ts). */
export const check: DeployCheck = async ({ root }) => checkIndexes(root).map((p) => p.message);
