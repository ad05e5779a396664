/**
 * Prints how much JavaScript (brotli, as the server sends it) the first screen needs: the entry
 * with its static imports, plus what each route module adds. Run after `vite build`:
 *   node apps/web/scripts/chunk-report.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<
  string,
  ManifestChunk
>;
// The build stores each script brotli-compressed beside it; one below 1 KB is sent as it is.
const wireSize = (file: string) =>
  readFileSync(existsSync(`${dist}${file}.br`) ? `${dist}${file}.br` : dist + file).length;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (keys: Iterable<string>) =>
  [...keys].reduce((sum, key) => sum + wireSize(manifest[key]!.file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const entry = closure(entryKey);
console.log(
  `entry (${manifest[entryKey]!.file} + static imports): ${kb(total(entry))} brotli in ${entry.size} files`,
);

// A route module with a chunk of its own is a key of its own; one in a shared chunk (the signed-in
// first screen's, vite.config.ts) is found by that chunk's name.
const routeOf = (fragment: string) =>
  Object.keys(manifest).find((key) => key.includes(fragment) && !key.endsWith('.css'));
const screens: Record<string, string[]> = {
  'sign-in (/auth/password-sign-in)': [
    'features/auth/components/auth-layout',
    'features/auth/routes/password-sign-in',
  ],
  'dashboard (/)': ['_prefetch-', '_shell-', '_dashboard-'],
};
for (const [name, fragments] of Object.entries(screens)) {
  const keys = new Set(entry);
  for (const fragment of fragments) {
    const key = routeOf(fragment);
    if (key) closure(key, keys);
  }
  console.log(
    `${name}: ${kb(total(keys))} brotli of JS in ${keys.size} files before the screen shows`,
  );
}
const amplify = Object.keys(manifest).find(
  (key) => manifest[key]!.file.includes('amplify-') && !manifest[key]!.file.includes('client'),
);
if (amplify)
  console.log(
    `identity client (aws-amplify), fetched when idle or on submit: ${kb(wireSize(manifest[amplify]!.file))} brotli`,
  );
