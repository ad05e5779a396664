/**
 * Fails when a workspace imports one of the repository's own packages (`@laurel/…`) without
 * declaring it in its package.json. knip (`npm run deps`) checks every other import, but it lets a
 * private workspace import a sibling workspace undeclared, and every workspace here is private.
 * Run: `node scripts/workspace-deps.ts` (part of `npm run deps`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = join(import.meta.dirname, '..');
const readManifest = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const rootManifest = readManifest(root);
const workspaceDirs = (rootManifest.workspaces ?? []).map((dir) => join(root, dir));
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
const OWN_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](@laurel\/[^/'"]+)/g;

/** Source files of a workspace, without those of the workspaces nested in it (the root's). */
function sourceFiles(dir: string, nested: string[]): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name) || nested.includes(path)) continue;
    if (entry.isDirectory()) files.push(...sourceFiles(path, nested));
    else if (/\.(c|m)?(t|j)sx?$/.test(entry.name)) files.push(path);
  }
  return files;
}

const problems: string[] = [];
for (const dir of [root, ...workspaceDirs]) {
  const manifest = readManifest(dir);
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
  ]);
  for (const file of sourceFiles(dir, dir === root ? workspaceDirs : [])) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(OWN_IMPORT)) {
      if (name && !declared.has(name))
        problems.push(
          `${relative(root, file)} imports ${name}, which ${manifest.name} does not declare`,
        );
    }
  }
}

if (problems.length > 0) {
  console.error(`Undeclared workspace packages (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
