import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// Reads every Firestore query the product's code makes, from its source (no emulator, no run): the
// Admin SDK's chains (`db.collectionGroup(x).where(...).orderBy(...)`) in functions/src and the client
// SDK's `query(collection(...), where(...), orderBy(...))` in core/, dashboard/ and entrypoints/. A
// query whose shape cannot be read for certain (a field from a variable, constraints from a helper,
// a reassigned query) is reported as unreadable, never guessed: the index check fails on it, so a new
// query is either checked or rewritten plainly. docs/architecture.md ("Firestore indexes") says why.

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
export type Direction = 'ASCENDING' | 'DESCENDING';

export interface QueryShape {
  /** file:line of the query, relative to the repository. */
  at: string;
  collectionGroup: string;
  queryScope: QueryScope;
  filters: { fieldPath: string; op: string }[];
  orderBy: { fieldPath: string; direction: Direction }[];
}

export interface Unreadable {
  at: string;
  reason: string;
}

export interface SourceFile {
  path: string;
  text: string;
}

export const querySourceDirs = ['functions/src', 'core', 'dashboard', 'entrypoints'];

/** The product's TypeScript sources under `dirs` (tests excluded: their queries never run in production). */
export function productSources(root: string, dirs = querySourceDirs): SourceFile[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file))
      .filter((file) => !file.split(/[\\/]/).includes('node_modules'))
      .map((file) => {
        const path = join(root, dir, file);
        return { path: relative(root, path), text: readFileSync(path, 'utf8') };
      }),
  );
}

type Constraint =
  | { kind: 'where'; fieldPath: string; op: string }
  | { kind: 'orderBy'; fieldPath: string; direction: Direction }
  | { kind: 'other' };
type Variants = Constraint[][];

class CannotRead extends Error {
  constructor(
    readonly node: ts.Node,
    reason: string,
  ) {
    super(reason);
  }
}

const MAX_VARIANTS = 256;
const mayMatter =
  /\b(query|where|orderBy|collectionGroup|limit|limitToLast|startAt|startAfter|endAt|endBefore)\s*\(|[cC]ollections\s*=/;
// Constraints and chain links that never change which index a query needs.
const neutralConstraints = new Set([
  'limit',
  'limitToLast',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
]);
const chainLinks = new Set([
  'where',
  'orderBy',
  'limit',
  'limitToLast',
  'offset',
  'select',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
  'withConverter',
]);

export function extractQueryShapes(files: SourceFile[]): {
  shapes: QueryShape[];
  unreadable: Unreadable[];
} {
  // Parsing is the cost (all of the product's sources take seconds): only files that build a query or
  // a constraint, or name the collections, can matter.
  const parsed = files
    .filter((f) => mayMatter.test(f.text))
    .map((f) =>
      ts.createSourceFile(
        f.path,
        f.text,
        ts.ScriptTarget.Latest,
        true,
        f.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      ),
    );
  const names = collectionNames(parsed);
  const shapes: QueryShape[] = [];
  const unreadable: Unreadable[] = [];
  const reader = new Reader(parsed, names);

  for (const sf of parsed) {
    const clientQuery =
      importedName(sf, 'firebase/firestore', 'query') ??
      importedName(sf, 'firebase/firestore/lite', 'query');
    const visit = (node: ts.Node): void => {
      try {
        if (
          clientQuery &&
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === clientQuery
        ) {
          shapes.push(...reader.clientQuery(node, clientQuery));
        } else if (isChainTop(node)) {
          shapes.push(...reader.adminChain(node));
        }
      } catch (error) {
        if (!(error instanceof CannotRead)) throw error;
        unreadable.push({ at: location(error.node), reason: error.message });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { shapes, unreadable };
}

function location(node: ts.Node): string {
  const sf = node.getSourceFile();
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

/** The local name under which `sf` imports `name` from `module`, if it does. */
function importedName(sf: ts.SourceFile, module: string, name: string): string | undefined {
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (st.moduleSpecifier.text !== module) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      if ((el.propertyName ?? el.name).text === name && !el.isTypeOnly) return el.name.text;
    }
  }
  return undefined;
}

/** `collections.x` and `serverOnlyCollections.x` from core/firestore-paths.ts (any object of string literals named so). */
function collectionNames(files: ts.SourceFile[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const sf of files) {
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const decl of st.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !/[cC]ollections$/.test(decl.name.text)) continue;
        let init = decl.initializer;
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) {
          init = init.expression;
        }
        if (!init || !ts.isObjectLiteralExpression(init)) continue;
        for (const prop of init.properties) {
          if (
            ts.isPropertyAssignment(prop) &&
            ts.isIdentifier(prop.name) &&
            ts.isStringLiteral(prop.initializer)
          ) {
            names.set(`${decl.name.text}.${prop.name.text}`, prop.initializer.text);
          }
        }
      }
    }
  }
  return names;
}

function methodName(node: ts.CallExpression): string | undefined {
  return ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : undefined;
}

/** The outermost call of an Admin SDK chain that filters or sorts (`x.where(...).orderBy(...)`). */
function isChainTop(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const name = methodName(node);
  if (!name || !chainLinks.has(name)) return false;
  const parent = node.parent;
  if (
    ts.isPropertyAccessExpression(parent) &&
    chainLinks.has(parent.name.text) &&
    ts.isCallExpression(parent.parent)
  ) {
    return false;
  }
  return chainOf(node).links.some((l) => l.name === 'where' || l.name === 'orderBy');
}

function chainOf(top: ts.CallExpression): {
  links: { name: string; call: ts.CallExpression }[];
  root: ts.Expression;
} {
  const links: { name: string; call: ts.CallExpression }[] = [];
  let cur: ts.Expression = top;
  while (ts.isCallExpression(cur)) {
    const name = methodName(cur);
    if (!name || !chainLinks.has(name)) break;
    links.unshift({ name, call: cur });
    cur = (cur.expression as ts.PropertyAccessExpression).expression;
  }
  return { links, root: cur };
}

function unwrap(node: ts.Expression): ts.Expression {
  let cur = node;
  while (
    ts.isParenthesizedExpression(cur) ||
    ts.isAsExpression(cur) ||
    ts.isNonNullExpression(cur) ||
    ts.isSatisfiesExpression(cur)
  ) {
    cur = cur.expression;
  }
  return cur;
}

function product(parts: Variants[]): Variants {
  let out: Variants = [[]];
  for (const part of parts) {
    const next: Variants = [];
    for (const a of out) for (const b of part) next.push([...a, ...b]);
    out = next;
    if (out.length > MAX_VARIANTS) throw new Error('too many variants');
  }
  return out;
}

type Declaration = ts.VariableDeclaration | ts.ParameterDeclaration;

/** The declaration `id` refers to, found lexically (parameters and block-level variables). */
function declarationOf(id: ts.Identifier): { decl: Declaration; scope: ts.Node } | undefined {
  for (let node: ts.Node | undefined = id.parent; node; node = node.parent) {
    if (ts.isFunctionLike(node)) {
      for (const p of node.parameters) {
        if (ts.isIdentifier(p.name) && p.name.text === id.text) return { decl: p, scope: node };
      }
    }
    if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isCaseClause(node)) {
      for (const st of node.statements) {
        if (!ts.isVariableStatement(st)) continue;
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && d.name.text === id.text) return { decl: d, scope: node };
        }
      }
    }
  }
  return undefined;
}

function isReassigned(name: string, scope: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      node.left.text === name
    ) {
      found = true;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

class Reader {
  private readonly functions = new Map<string, ts.SignatureDeclaration>();
  private readonly calls = new Map<string, ts.CallExpression[]>();

  constructor(
    files: ts.SourceFile[],
    private readonly names: Map<string, string>,
  ) {
    for (const sf of files) {
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionDeclaration(node) && node.name) this.functions.set(node.name.text, node);
        if (
          ts.isVariableDeclaration(node) &&
          ts.isIdentifier(node.name) &&
          node.initializer &&
          (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
        ) {
          this.functions.set(node.name.text, node.initializer);
        }
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
          const list = this.calls.get(node.expression.text) ?? [];
          list.push(node);
          this.calls.set(node.expression.text, list);
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }

  clientQuery(node: ts.CallExpression, queryName: string): QueryShape[] {
    const [baseArg, ...rest] = node.arguments;
    if (!baseArg) throw new CannotRead(node, 'query() without a base');
    const constraints = product(rest.map((a) => this.constraintArg(a)));
    const base = this.clientBase(baseArg, queryName);
    if (!base) {
      // A query built on a query from elsewhere: fine while it only pages (limit, cursors).
      if (constraints.every((v) => v.every((c) => c.kind === 'other'))) return [];
      throw new CannotRead(node, 'a filter or sort added to a query whose base cannot be read');
    }
    return this.shapes(
      node,
      base.collectionGroup,
      base.queryScope,
      product([base.variants, constraints]),
    );
  }

  /** The collection a client query reads, or undefined when the base is a query handed in. */
  private clientBase(
    arg: ts.Expression,
    queryName: string,
  ): { collectionGroup: string; queryScope: QueryScope; variants: Variants } | undefined {
    const expr = unwrap(arg);
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
      const fn = expr.expression.text;
      const last = expr.arguments.at(-1);
      if ((fn === 'collection' || fn === 'collectionGroup') && last) {
        return {
          collectionGroup: this.collectionId(last),
          queryScope: fn === 'collection' ? 'COLLECTION' : 'COLLECTION_GROUP',
          variants: [[]],
        };
      }
      // A local helper that returns the collection: `const jobs = (db, uid) => collection(db, ...)`.
      const helper = this.functions.get(fn);
      const returned = helper && returnedExpression(helper);
      if (returned && expr.arguments.length > 0) return this.clientBase(returned, queryName);
      if (fn === queryName && expr.arguments[0]) {
        const inner = this.clientBase(expr.arguments[0], queryName);
        if (!inner) return undefined;
        return {
          ...inner,
          variants: product([
            inner.variants,
            ...expr.arguments.slice(1).map((a) => this.constraintArg(a)),
          ]),
        };
      }
    }
    if (ts.isIdentifier(expr)) {
      const found = declarationOf(expr);
      if (found && ts.isVariableDeclaration(found.decl) && found.decl.initializer) {
        if (isReassigned(expr.text, found.scope))
          throw new CannotRead(expr, `${expr.text} is reassigned`);
        return this.clientBase(found.decl.initializer, queryName);
      }
      return undefined;
    }
    return undefined;
  }

  adminChain(top: ts.CallExpression): QueryShape[] {
    const { links, root } = chainOf(top);
    const base = this.adminBase(root, top);
    const own: Constraint[] = links.map(({ name, call }) => {
      if (name === 'where') return this.where(call);
      if (name === 'orderBy') return this.orderBy(call);
      return { kind: 'other' };
    });
    return this.shapes(top, base.collectionGroup, base.queryScope, product([base.variants, [own]]));
  }

  private adminBase(
    root: ts.Expression,
    at: ts.Node,
  ): { collectionGroup: string; queryScope: QueryScope; variants: Variants } {
    const expr = unwrap(root);
    if (ts.isCallExpression(expr)) {
      const name = methodName(expr);
      const arg = expr.arguments[0];
      if ((name === 'collection' || name === 'collectionGroup') && arg) {
        return {
          collectionGroup: this.collectionId(arg),
          queryScope: name === 'collection' ? 'COLLECTION' : 'COLLECTION_GROUP',
          variants: [[]],
        };
      }
      if (name && chainLinks.has(name)) {
        const inner = chainOf(expr);
        const base = this.adminBase(inner.root, at);
        return {
          ...base,
          variants: product([base.variants, [inner.links.map(() => ({ kind: 'other' }) as const)]]),
        };
      }
    }
    if (ts.isIdentifier(expr)) {
      const found = declarationOf(expr);
      if (found && ts.isVariableDeclaration(found.decl) && found.decl.initializer) {
        if (isReassigned(expr.text, found.scope)) {
          throw new CannotRead(at, `a filter or sort added to ${expr.text}, which is reassigned`);
        }
        const init = unwrap(found.decl.initializer);
        if (ts.isCallExpression(init) && isChainTopLike(init)) {
          const inner = chainOf(init);
          const base = this.adminBase(inner.root, at);
          const own: Constraint[] = inner.links.map(({ name, call }) => {
            if (name === 'where') return this.where(call);
            if (name === 'orderBy') return this.orderBy(call);
            return { kind: 'other' };
          });
          return { ...base, variants: product([base.variants, [own]]) };
        }
        return this.adminBase(init, at);
      }
    }
    throw new CannotRead(at, 'a filter or sort on a collection or query whose path cannot be read');
  }

  private where(call: ts.CallExpression): Constraint {
    const [field, op] = call.arguments;
    if (!field || !op)
      throw new CannotRead(call, 'where() needs a field and an operator written out');
    return { kind: 'where', fieldPath: this.fieldPath(field), op: this.literal(op, 'operator') };
  }

  private orderBy(call: ts.CallExpression): Constraint {
    const [field, dir] = call.arguments;
    if (!field) throw new CannotRead(call, 'orderBy() without a field');
    const direction = dir ? this.literal(dir, 'direction') : 'asc';
    return {
      kind: 'orderBy',
      fieldPath: this.fieldPath(field),
      direction: direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
    };
  }

  private fieldPath(node: ts.Expression): string {
    const expr = unwrap(node);
    // documentId() (client) and FieldPath.documentId() (Admin SDK).
    if (ts.isCallExpression(expr) && expr.arguments.length === 0) {
      const callee = expr.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (name === 'documentId') return '__name__';
    }
    return this.literal(expr, 'field');
  }

  private literal(node: ts.Expression, what: string): string {
    const expr = unwrap(node);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
    throw new CannotRead(node, `the ${what} is not written out as a string`);
  }

  /** The collection id a path names: its last segment (`collection(db, 'users', uid, 'posts')`, `userCollectionPath(uid, 'jobs')`). */
  private collectionId(node: ts.Expression): string {
    const expr = unwrap(node);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      return expr.text.split('/').at(-1) ?? expr.text;
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const known = this.names.get(expr.getText().replace(/\s/g, ''));
      if (known) return known;
    }
    if (ts.isTemplateExpression(expr)) {
      const tail = expr.templateSpans.at(-1);
      if (tail && tail.literal.text.includes('/')) return tail.literal.text.split('/').at(-1) ?? '';
      if (tail && tail.literal.text === '') return this.collectionId(tail.expression);
    }
    if (ts.isIdentifier(expr)) {
      const found = declarationOf(expr);
      if (found && ts.isVariableDeclaration(found.decl) && found.decl.initializer) {
        if (isReassigned(expr.text, found.scope))
          throw new CannotRead(expr, `${expr.text} is reassigned`);
        return this.collectionId(found.decl.initializer);
      }
    }
    // A path helper: the collection is its last argument (core/firestore-paths.ts).
    if (ts.isCallExpression(expr) && expr.arguments.length > 0) {
      return this.collectionId(expr.arguments.at(-1)!);
    }
    throw new CannotRead(node, 'the collection path is not written out');
  }

  /** One argument of query(): a constraint, or a spread of constraints. */
  private constraintArg(arg: ts.Expression, depth = 0): Variants {
    if (ts.isSpreadElement(arg)) return this.constraintList(arg.expression, depth);
    return this.constraint(arg, depth);
  }

  private constraint(node: ts.Expression, depth: number): Variants {
    const expr = unwrap(node);
    if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) {
      const fn = expr.expression.text;
      if (fn === 'where') return [[this.where(expr)]];
      if (fn === 'orderBy') return [[this.orderBy(expr)]];
      if (neutralConstraints.has(fn)) return [[{ kind: 'other' }]];
    }
    if (ts.isConditionalExpression(expr)) {
      return [...this.constraint(expr.whenTrue, depth), ...this.constraint(expr.whenFalse, depth)];
    }
    if (ts.isIdentifier(expr)) {
      const found = declarationOf(expr);
      if (found && ts.isVariableDeclaration(found.decl) && found.decl.initializer) {
        return this.constraint(found.decl.initializer, depth);
      }
      if (found && ts.isParameter(found.decl))
        return this.fromCallers(found.decl, expr, depth, false);
    }
    throw new CannotRead(node, 'a query constraint that is not where(), orderBy() or a page bound');
  }

  /** An expression that evaluates to a list of constraints. */
  private constraintList(node: ts.Expression, depth: number): Variants {
    const expr = unwrap(node);
    if (ts.isArrayLiteralExpression(expr)) {
      return product(expr.elements.map((e) => this.constraintArg(e, depth)));
    }
    if (ts.isConditionalExpression(expr)) {
      return [
        ...this.constraintList(expr.whenTrue, depth),
        ...this.constraintList(expr.whenFalse, depth),
      ];
    }
    if (ts.isIdentifier(expr)) {
      const found = declarationOf(expr);
      if (found && ts.isParameter(found.decl))
        return this.fromCallers(found.decl, expr, depth, true);
      if (found && ts.isVariableDeclaration(found.decl) && found.decl.initializer) {
        if (isReassigned(expr.text, found.scope))
          throw new CannotRead(expr, `${expr.text} is reassigned`);
        return product([
          this.constraintList(found.decl.initializer, depth),
          ...this.pushes(expr.text, found.scope, depth),
        ]);
      }
    }
    throw new CannotRead(node, 'a list of query constraints that cannot be read');
  }

  /** `list.push(...)` calls on a constraint list: one that always runs, or one under a condition (both ways). */
  private pushes(name: string, scope: ts.Node, depth: number): Variants[] {
    const out: Variants[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === name
      ) {
        if (node.expression.name.text !== 'push') {
          throw new CannotRead(
            node,
            `${name}.${node.expression.name.text}() changes a constraint list`,
          );
        }
        const added = product(node.arguments.map((a) => this.constraintArg(a, depth)));
        const always = ts.isExpressionStatement(node.parent) && node.parent.parent === scope;
        out.push(always ? added : [[], ...added]);
      }
      ts.forEachChild(node, visit);
    };
    visit(scope);
    return out;
  }

  /** A parameter's constraints: whatever each caller passes (by the function's name, across the sources). */
  private fromCallers(
    param: ts.ParameterDeclaration,
    at: ts.Node,
    depth: number,
    isList: boolean,
  ): Variants {
    const fn = param.parent;
    const name =
      ts.isFunctionDeclaration(fn) && fn.name
        ? fn.name.text
        : (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
            ts.isVariableDeclaration(fn.parent) &&
            ts.isIdentifier(fn.parent.name)
          ? fn.parent.name.text
          : undefined;
    if (!name || depth > 4 || this.functions.get(name) !== fn) {
      throw new CannotRead(at, 'constraints passed in by a caller that cannot be found');
    }
    const index = fn.parameters.indexOf(param);
    const variants: Variants = [];
    for (const call of this.calls.get(name) ?? []) {
      const args = param.dotDotDotToken
        ? call.arguments.slice(index)
        : call.arguments[index]
          ? [call.arguments[index]]
          : [];
      if (args.some(ts.isSpreadElement) && !param.dotDotDotToken) {
        throw new CannotRead(call, 'a spread into a constraint parameter');
      }
      variants.push(
        ...(param.dotDotDotToken || !isList
          ? product(args.map((a) => this.constraintArg(a, depth + 1)))
          : args.length
            ? this.constraintList(args[0]!, depth + 1)
            : [[]]),
      );
    }
    return variants.length ? variants : [[]];
  }

  private shapes(
    at: ts.Node,
    collectionGroup: string,
    queryScope: QueryScope,
    variants: Variants,
  ): QueryShape[] {
    const seen = new Set<string>();
    const out: QueryShape[] = [];
    for (const v of variants) {
      const shape: QueryShape = {
        at: location(at),
        collectionGroup,
        queryScope,
        filters: v.flatMap((c) =>
          c.kind === 'where' ? [{ fieldPath: c.fieldPath, op: c.op }] : [],
        ),
        orderBy: v.flatMap((c) =>
          c.kind === 'orderBy' ? [{ fieldPath: c.fieldPath, direction: c.direction }] : [],
        ),
      };
      const key = JSON.stringify(shape);
      if (!seen.has(key)) out.push(shape);
      seen.add(key);
    }
    return out;
  }
}

function isChainTopLike(node: ts.CallExpression): boolean {
  const name = methodName(node);
  return !!name && chainLinks.has(name);
}

/** The one expression a helper returns (an arrow's body, or a body that is a single return). */
function returnedExpression(fn: ts.SignatureDeclaration): ts.Expression | undefined {
  if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return fn.body;
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (body && ts.isBlock(body) && body.statements.length === 1) {
    const only = body.statements[0]!;
    if (ts.isReturnStatement(only) && only.expression) return only.expression;
  }
  return undefined;
}
