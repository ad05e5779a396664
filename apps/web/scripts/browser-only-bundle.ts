/**
 * The build check that keeps Node out of the web app: it fails the build when a chunk bundles a
 * Node built-in module (`buffer`, `node:fs`, `stream`, …, whether Vite left an empty stand-in or
 * an npm polyfill took its place) or refers, unguarded, to a global that Node defines and browsers
 * do not (`Buffer`, `process`, …). Both used to reach the browser silently: a library written for
 * Node (csv-stringify) ran fine in the unit tests, which run on Node, and threw "Buffer is not
 * defined" only when someone clicked Export CSV.
 */
import { builtinModules, isBuiltin } from 'node:module';
import { relative } from 'node:path';

import { parseAst, type Plugin, type Rolldown } from 'vite';

/** Globals Node defines and browsers do not. */
const NODE_GLOBALS = new Set([
  'Buffer',
  'process',
  'global',
  'require',
  'module',
  'exports',
  '__dirname',
  '__filename',
  'setImmediate',
  'clearImmediate',
]);

/** A mention of one of them that is not a property (`a.global`): only such code is parsed. */
const MENTIONS_NODE_GLOBAL = new RegExp(`(?<![.\\w$])(?:${[...NODE_GLOBALS].join('|')})(?![\\w$])`);

/** An import of a Node built-in module by name: `fs`, `fs/promises`, `node:buffer`. */
const BUILTIN_SPECIFIER = new RegExp(
  `^(?:node:|(?:${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})(?:/|$))`,
);

/** Vite's empty stand-in for a built-in module a browser build cannot have. */
const BROWSER_EXTERNAL = /^\0?__vite-browser-external/;

type AstNode = { type: string; start: number; end: number } & Record<string, unknown>;

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

type Path = { node: AstNode; key: string }[];

/** Calls `visit` on every node below the last of `path` (itself included), depth first. */
function walk(path: Path, visit: (path: Path) => void): void {
  const { node } = path[path.length - 1]!;
  visit(path);
  for (const key in node) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value)
        if (isNode(item)) {
          path.push({ node: item, key });
          walk(path, visit);
          path.pop();
        }
    } else if (isNode(value)) {
      path.push({ node: value, key });
      walk(path, visit);
      path.pop();
    }
  }
}

/** Every node below `root` (itself included). */
function nodesOf(root: AstNode): AstNode[] {
  const nodes: AstNode[] = [];
  walk([{ node: root, key: '' }], (path) => nodes.push(path[path.length - 1]!.node));
  return nodes;
}

/** The names a declaration's pattern binds: `a`, `{ b, c: [d] }`, `e = 1`, `...f`. */
function bindingNames(pattern: unknown, into: Set<string>): void {
  if (!isNode(pattern)) return;
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties as AstNode[])
        bindingNames(property.type === 'RestElement' ? property.argument : property.value, into);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as unknown[]) bindingNames(element, into);
      break;
    case 'AssignmentPattern':
      bindingNames(pattern.left, into);
      break;
    case 'RestElement':
      bindingNames(pattern.argument, into);
      break;
  }
}

const isTypeofOf = (node: AstNode) =>
  node.type === 'UnaryExpression' &&
  node.operator === 'typeof' &&
  isNode(node.argument) &&
  node.argument.type === 'Identifier' &&
  NODE_GLOBALS.has(node.argument.name as string);

/** Whether `node` is an identifier in a place where it names no variable (`a.Buffer`, `{ process: 1 }`). */
function namesNoVariable(node: AstNode, parent: AstNode | undefined, key: string): boolean {
  if (!parent) return false;
  switch (parent.type) {
    case 'MemberExpression':
      return key === 'property' && !parent.computed;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
    case 'AccessorProperty':
      return key === 'key' && !parent.computed && !(parent.shorthand && parent.value === node);
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'MetaProperty':
    case 'ImportSpecifier':
    case 'ExportSpecifier':
    case 'ExportAllDeclaration':
      return true;
    default:
      return false;
  }
}

export interface NodeGlobalUse {
  /** The global's name, e.g. `Buffer`. */
  name: string;
  /** Where in the code it is used. */
  start: number;
}

/**
 * The references in `code` (an ES module, as a chunk of the build is) to a global that Node
 * defines and browsers do not, except where the code checks first that it exists: the operand of
 * `typeof`, and code that runs only after a test that looks at it (`typeof Buffer < "u" &&
 * Buffer.from(…)`, `isNode() ? process.env.X : …` where `isNode` tests `typeof process`), which
 * is how libraries that run in both places use them. A chunk that declares the name anywhere is
 * taken to mean its own variable.
 * @example nodeGlobalsIn('export const a = Buffer.from("x")') // [{ name: 'Buffer', start: 17 }]
 */
export function nodeGlobalsIn(code: string): NodeGlobalUse[] {
  if (!MENTIONS_NODE_GLOBAL.test(code)) return [];
  const program = parseAst(code) as unknown as AstNode;
  const declared = new Set<string>();
  // Functions whose body tests a global with `typeof`: calling one is a test of that global.
  const testers = new Map<string, Set<string>>();
  const noteTester = (name: unknown, body: unknown) => {
    if (typeof name !== 'string' || !isNode(body)) return;
    for (const node of nodesOf(body))
      if (isTypeofOf(node)) {
        const tested = testers.get(name) ?? new Set<string>();
        tested.add((node.argument as AstNode).name as string);
        testers.set(name, tested);
      }
  };
  const candidates: Path[] = [];
  walk([{ node: program, key: '' }], (path) => {
    const { node, key } = path[path.length - 1]!;
    switch (node.type) {
      case 'Identifier': {
        const parent = path[path.length - 2]?.node;
        if (
          NODE_GLOBALS.has(node.name as string) &&
          !namesNoVariable(node, parent, key) &&
          !(parent && isTypeofOf(parent))
        )
          candidates.push([...path]);
        break;
      }
      case 'VariableDeclarator':
        bindingNames(node.id, declared);
        if (
          isNode(node.id) &&
          isNode(node.init) &&
          /^(Arrow)?FunctionExpression$/.test(node.init.type)
        )
          noteTester(node.id.name, node.init.body);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        bindingNames(node.id, declared);
        for (const param of node.params as unknown[]) bindingNames(param, declared);
        if (node.type === 'FunctionDeclaration' && isNode(node.id))
          noteTester(node.id.name, node.body);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        bindingNames(node.id, declared);
        break;
      case 'CatchClause':
        bindingNames(node.param, declared);
        break;
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        bindingNames(node.local, declared);
        break;
    }
  });

  /** Whether `test` looks at global `name`: `typeof name`, or a call of a function that does. */
  const looksAt = (test: unknown, name: string) =>
    isNode(test) &&
    nodesOf(test).some(
      (node) =>
        (isTypeofOf(node) && (node.argument as AstNode).name === name) ||
        (node.type === 'CallExpression' &&
          isNode(node.callee) &&
          node.callee.type === 'Identifier' &&
          testers.get(node.callee.name as string)?.has(name)),
    );
  /** Whether the code at `path` runs only after a test of `name` (its outcome is not checked). */
  const guarded = (path: Path, name: string) =>
    path.some(({ key }, index) => {
      const parent = path[index - 1]?.node;
      if (!parent) return false;
      if (parent.type === 'LogicalExpression') return key === 'right' && looksAt(parent.left, name);
      if (parent.type === 'ConditionalExpression' || parent.type === 'IfStatement')
        return key !== 'test' && looksAt(parent.test, name);
      return false;
    });

  return candidates
    .map((path) => path[path.length - 1]!.node)
    .filter((node, index) => {
      const name = node.name as string;
      return !declared.has(name) && !guarded(candidates[index]!, name);
    })
    .map((node) => ({ name: node.name as string, start: node.start }))
    .sort((a, b) => a.start - b.start);
}

const excerpt = (code: string, start: number) =>
  code
    .slice(Math.max(0, start - 40), start + 40)
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Fails the build when a chunk bundles a Node built-in module or uses a Node-only global
 * unguarded (`nodeGlobalsIn`), naming the chunk, the code and the modules it came from.
 */
export function browserOnlyBundle(): Plugin {
  /** Built-in modules imported by name, by the id they resolved to. */
  const builtinImports = new Map<string, string[]>();
  let root = process.cwd();
  return {
    name: 'laurel-browser-only-bundle',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      builtinImports.clear();
    },
    resolveId: {
      filter: { id: BUILTIN_SPECIFIER },
      async handler(source, importer, options) {
        if (!isBuiltin(source)) return null;
        const target = await this.resolve(source, importer, { ...options, skipSelf: true });
        const id = target?.id ?? source;
        const by = importer ? relative(root, importer) : 'the entry';
        builtinImports.set(id, [
          ...(builtinImports.get(id) ?? []),
          `"${source}" (imported by ${by})`,
        ]);
        return target;
      },
    },
    generateBundle(_options, bundle) {
      const problems: string[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds)
          if (builtinImports.has(id) || BROWSER_EXTERNAL.test(id) || id.startsWith('node:'))
            problems.push(
              `${file.fileName} bundles the Node built-in module ${builtinImports.get(id)?.join(', ') ?? id}`,
            );
        const uses = new Map<string, NodeGlobalUse[]>();
        for (const use of nodeGlobalsIn(file.code))
          uses.set(use.name, [...(uses.get(use.name) ?? []), use]);
        for (const [name, [first, ...more]] of uses)
          problems.push(
            `${file.fileName} uses the global ${name}, which browsers do not define${more.length > 0 ? ` (${more.length + 1} times)` : ''}: …${excerpt(file.code, first!.start)}… in ${modulesMentioning(file, name, root)}`,
          );
      }
      if (problems.length > 0)
        this.error(
          `The web app's bundle holds code that runs only on Node; it would throw in the browser:\n  ${problems.join('\n  ')}\nUse a browser API instead (see apps/web/scripts/browser-only-bundle.ts).`,
        );
    },
  };
}

/** The modules of `chunk` whose code names `global`, for the build's message. */
function modulesMentioning(chunk: Rolldown.OutputChunk, global: string, root: string): string {
  const word = new RegExp(`\\b${global}\\b`);
  const ids = Object.entries(chunk.modules)
    .filter(([, module]) => module.code && word.test(module.code))
    .map(([id]) => relative(root, id));
  return ids.length > 0 ? ids.join(', ') : 'a module of this chunk';
}
