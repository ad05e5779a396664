import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import { inCataloguePart } from './catalogue-parts';
import en from './messages/en.json';

const SRC = resolve(import.meta.dirname, '../..');

/** The app's modules that `roots` import, directly or not (relative imports only). */
function moduleGraph(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const found of source.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const base = resolve(dirname(file), found[1]!);
      const next = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
        (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
      );
      // A signed-in module (the shell, the store) is not part of the sign-in screens.
      if (next && !next.includes('/app/shell/') && !next.endsWith('/app/store.ts')) visit(next);
    }
  };
  roots.forEach(visit);
  return seen;
}

describe("the catalogue's sign-in part", () => {
  it('holds every message the screens before sign-in name', () => {
    const auth = join(SRC, 'features/auth/routes');
    const roots = [
      ...readdirSync(auth)
        .filter((file) => /\.tsx$/.test(file) && !file.includes('.test.'))
        .map((file) => join(auth, file)),
      join(SRC, 'features/auth/components/auth-layout.tsx'),
      join(SRC, 'app/routes/not-found.tsx'),
    ];
    const files = [...moduleGraph(roots)].filter((file) => !file.includes('.test.'));
    expect(files.length).toBeGreaterThan(30);
    const ids = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      // Whole ids in quotes, and the fixed start of ids built with `${…}`.
      for (const found of source.matchAll(/['"`]([a-zA-Z]+\.[\w.]+?)(?:\$\{|['"`])/g))
        if (Object.keys(en).some((id) => id.startsWith(found[1]!))) ids.add(found[1]!);
    }
    expect(ids.size).toBeGreaterThan(100);
    expect([...ids].filter((id) => !inCataloguePart('sign-in', id))).toEqual([]);
  });
});
