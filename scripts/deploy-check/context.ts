/** What every deploy check is given (scripts/deploy-check/checks/README.md). */
export interface DeployCheckContext {
  root: string;
  env: Readonly<Record<string, string>>;
}

/** A check returns its problems, one line each; none means it passed. */
export type DeployCheck = (context: DeployCheckContext) => Promise<string[]>;
