/**
 * No module of the package imports one that imports it back, type imports included (lint's
 * import-x/no-cycle looks at value imports only).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = dirname(fileURLToPath(import.meta.url));

const modules = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => join(root, file));

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolve(dirname(file), fileName))
    .filter((imported) => modules.includes(imported));
}

test('the package has no import cycle', () => {
  const graph = new Map(modules.map((file) => [file, importsOf(file)]));
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    path.push(file);
    for (const imported of graph.get(file) ?? []) {
      const at = path.indexOf(imported);
      if (at >= 0)
        cycles.push([...path.slice(at), imported].map((m) => relative(root, m)).join(' → '));
      else if (!done.has(imported)) visit(imported);
    }
    path.pop();
    done.add(file);
  };
  for (const file of modules) if (!done.has(file)) visit(file);
  expect(graph.size).toBeGreaterThan(30);
  expect(cycles).toEqual([]);
});
