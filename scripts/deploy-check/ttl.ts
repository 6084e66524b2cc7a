import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { readIndexConfig, type IndexConfig, type Problem } from './indexes';

// Every document type that carries an expiry (`expiresAt`) must be deleted by a TTL policy
// (a field override with `ttl: true` in firestore.indexes.json), or it is kept, and billed, forever.
// The document types are read from their schemas in core/data/: each schema's doc comment starts
// with its path (`rateLimits/{uid}/limits/{name}: ...`), whose last collection is the TTL policy's
// collection group.

const root = fileURLToPath(new URL('../..', import.meta.url));

export const expiryField = 'expiresAt';

export interface ExpiringDocument {
  /** file:line of the schema. */
  at: string;
  schema: string;
  /** The document's path as its doc comment gives it, or null when it gives none. */
  path: string | null;
  collectionGroup: string | null;
}

/** The schemas in core/data/ whose documents carry an `expiresAt`. */
export function expiringDocuments(dir = root): ExpiringDocument[] {
  const dataDir = join(dir, 'core/data');
  const out: ExpiringDocument[] = [];
  for (const file of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
    const path = join(dataDir, file);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const decl of st.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !decl.initializer || !hasExpiry(decl.initializer))
          continue;
        // `xWrite` is the strict write side of `xSchema`, the same document.
        if (decl.name.text.endsWith('Write')) continue;
        const docPath = documentPath(st, sf);
        out.push({
          at: `${relative(dir, path)}:${sf.getLineAndCharacterOfPosition(st.getStart()).line + 1}`,
          schema: decl.name.text,
          path: docPath,
          collectionGroup: docPath ? lastCollection(docPath) : null,
        });
      }
    }
  }
  return out;
}

/** A `z.object({...})` (or strict/loose) with an `expiresAt` property. */
function hasExpiry(init: ts.Expression): boolean {
  if (!ts.isCallExpression(init)) return false;
  const arg = init.arguments[0];
  return (
    !!arg &&
    ts.isObjectLiteralExpression(arg) &&
    arg.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === expiryField)
  );
}

function documentPath(st: ts.Statement, sf: ts.SourceFile): string | null {
  const comments = ts.getLeadingCommentRanges(sf.text, st.getFullStart()) ?? [];
  const last = comments.at(-1);
  if (!last) return null;
  const body = sf.text
    .slice(last.pos, last.end)
    .replace(/^\/\*\*?|\*\/$/g, '')
    .replace(/^\s*\*\s?/gm, '')
    .trim();
  return /^([A-Za-z]\w*(?:\/[^\s/:]+)*)\s*:/.exec(body)?.[1] ?? null;
}

/** `a/{x}/b/{y}` -> `b`: collections are the odd segments. */
function lastCollection(path: string): string {
  const segments = path.split('/');
  return segments[segments.length % 2 === 0 ? segments.length - 2 : segments.length - 1]!;
}

export function checkTtlPolicies(
  dir = root,
  config: IndexConfig = readIndexConfig(dir),
): Problem[] {
  const problems: Problem[] = [];
  for (const doc of expiringDocuments(dir)) {
    if (!doc.collectionGroup) {
      problems.push({
        check: 'ttl',
        message: `${doc.at}: ${doc.schema} carries ${expiryField} but its doc comment does not start with the document's path`,
      });
      continue;
    }
    const policy = config.fieldOverrides?.find(
      (o) => o.collectionGroup === doc.collectionGroup && o.fieldPath === expiryField,
    );
    if (!policy?.ttl) {
      problems.push({
        check: 'ttl',
        message: `${doc.at}: ${doc.path} carries ${expiryField} but firestore.indexes.json has no TTL policy for ${doc.collectionGroup}.${expiryField}`,
      });
    }
  }
  return problems;
}
