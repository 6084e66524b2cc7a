import type { DeployCheck } from '../context';
import { checkTtlPolicies } from '../ttl';

/** Every document type with an expiry has its TTL policy (scripts/deploy-check/ttl.ts). */
export const check: DeployCheck = async ({ root }) => checkTtlPolicies(root).map((p) => p.message);
