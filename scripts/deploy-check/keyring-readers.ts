import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

// Which exported functions read the keyring: a function whose code reaches `loadKeyring` (through any chain
// of imports, lazy `import()`s included) must declare `secrets: [keyringSecret]`, or the deployed function
// has no MUSE_SECRETS_KEYRING and fails at its first call. Read per top-level declaration, not per file, so a
// trigger file exporting three callables (social/manage-posts/trigger.ts) is judged per callable. It errs on
// the side of "reads": a declaration that names anything reaching loadKeyring counts.

const READER = 'loadKeyring';

interface Declaration {
  /** The identifiers its code names. */
  names: Set<string>;
  /** Modules it loads with import(): all of such a module may run. */
  loads: string[];
}

interface ModuleInfo {
  declarations: Map<string, Declaration>;
  /** Local binding -> where it comes from ('*' for a namespace import). */
  imports: Map<string, { file: string; name: string }>;
  /** Exported name -> local declaration, or a re-export. */
  exports: Map<string, { local: string } | { file: string; name: string }>;
  /** `export * from` modules. */
  starExports: string[];
}

function resolveModule(fromFile: string, specifier: string, coreRoot: string): string | undefined {
  // Only the functions' own modules: core/ cannot import functions code (.dependency-cruiser.cjs), so it
  // never reaches the reader, and packages are not ours to read.
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  if (base.startsWith(coreRoot)) return undefined;
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

function parseModule(file: string, coreRoot: string): ModuleInfo {
  const info: ModuleInfo = {
    declarations: new Map(),
    imports: new Map(),
    exports: new Map(),
    starExports: [],
  };
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const to = (specifier: ts.Expression | undefined) =>
    specifier && ts.isStringLiteral(specifier)
      ? resolveModule(file, specifier.text, coreRoot)
      : undefined;
  const scan = (node: ts.Node): Declaration => {
    const found: Declaration = { names: new Set(), loads: [] };
    const visit = (n: ts.Node) => {
      if (ts.isIdentifier(n)) found.names.add(n.text);
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const target = to(n.arguments[0]);
        if (target) found.loads.push(target);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const target = to(statement.moduleSpecifier);
      const clause = statement.importClause;
      if (!target || !clause || clause.isTypeOnly) continue;
      if (clause.name) info.imports.set(clause.name.text, { file: target, name: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings))
        info.imports.set(bindings.name.text, { file: target, name: '*' });
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          info.imports.set(element.name.text, {
            file: target,
            name: (element.propertyName ?? element.name).text,
          });
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const target = to(statement.moduleSpecifier);
      if (!statement.exportClause) {
        if (target) info.starExports.push(target);
      } else if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) {
          const name = (element.propertyName ?? element.name).text;
          info.exports.set(element.name.text, target ? { file: target, name } : { local: name });
        }
    } else {
      const declared: string[] = [];
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations)
          declared.push(...scan(d.name).names);
      else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
        statement.name
      )
        declared.push(statement.name.text);
      const exported = (
        ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined
      )?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const body = scan(statement);
      for (const name of declared) {
        body.names.delete(name);
        info.declarations.set(name, body);
        if (exported) info.exports.set(name, { local: name });
      }
    }
  }
  return info;
}

/** The names functions/src/index.ts exports whose code reaches loadKeyring. */
export function keyringReaders(indexFile: string, coreRoot: string): Set<string> {
  const modules = new Map<string, ModuleInfo>();
  const load = (file: string) => {
    let info = modules.get(file);
    if (!info) modules.set(file, (info = parseModule(file, coreRoot)));
    return info;
  };
  // Memoised per symbol; a cycle counts as "not through this path".
  const memo = new Map<string, boolean>();
  const once = (key: string, run: () => boolean): boolean => {
    if (memo.has(key)) return memo.get(key)!;
    memo.set(key, false);
    const result = run();
    memo.set(key, result);
    return result;
  };
  const wholeModule = (file: string): boolean =>
    once(`${file}#*`, () => {
      const info = load(file);
      return (
        [...info.declarations.keys()].some((name) => local(file, name)) ||
        [...info.imports.values()].some(imported) ||
        info.starExports.some(wholeModule)
      );
    });
  const exported = (file: string, name: string): boolean =>
    once(`${file}#export:${name}`, () => {
      if (name === '*') return wholeModule(file);
      const info = load(file);
      const entry = info.exports.get(name);
      if (entry)
        return 'local' in entry ? local(file, entry.local) : exported(entry.file, entry.name);
      return info.starExports.some((star) => load(star).exports.has(name) && exported(star, name));
    });
  const imported = (from: { file: string; name: string }): boolean =>
    from.name === READER || exported(from.file, from.name);
  const local = (file: string, name: string): boolean =>
    once(`${file}#local:${name}`, () => {
      const info = load(file);
      const declaration = info.declarations.get(name);
      if (!declaration) {
        const from = info.imports.get(name);
        return from ? imported(from) : false;
      }
      // The reader's own definition (functions/src/config.ts) is not a caller of it.
      if (name === READER) return false;
      if (declaration.loads.some(wholeModule)) return true;
      for (const used of declaration.names) {
        if (used === READER) return true;
        if (info.declarations.has(used) && local(file, used)) return true;
        const from = info.imports.get(used);
        if (from && imported(from)) return true;
      }
      return false;
    });

  const index = load(indexFile);
  const readers = new Set<string>();
  for (const [name, entry] of index.exports)
    if ('local' in entry ? local(indexFile, entry.local) : exported(entry.file, entry.name))
      readers.add(name);
  return readers;
}
