/**
 * Prints how much JavaScript (gzip) the first screen needs: the entry with its static imports,
 * plus what each route module adds. Run after `vite build`:
 *   node apps/web/scripts/chunk-report.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
const gzipSize = (file: string) => gzipSync(readFileSync(dist + file), { level: 9 }).length;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (keys: Iterable<string>) =>
  [...keys].reduce((sum, key) => sum + gzipSize(manifest[key]!.file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const entry = closure(entryKey);
console.log(`entry (${manifest[entryKey]!.file} + static imports): ${kb(total(entry))} gzip`);

const routeOf = (fragment: string) => Object.keys(manifest).find((key) => key.includes(fragment));
const screens: Record<string, string[]> = {
  'sign-in (/auth/password-sign-in)': [
    'features/auth/components/auth-layout',
    'features/auth/routes/password-sign-in',
  ],
  'dashboard (/)': ['app/shell/app-shell', 'features/dashboard/routes/dashboard'],
};
for (const [name, fragments] of Object.entries(screens)) {
  const keys = new Set(entry);
  for (const fragment of fragments) {
    const key = routeOf(fragment);
    if (key) closure(key, keys);
  }
  console.log(`${name}: ${kb(total(keys))} gzip of JS before the screen shows`);
}
const amplify = Object.keys(manifest).find(
  (key) => manifest[key]!.file.includes('amplify-') && !manifest[key]!.file.includes('client'),
);
if (amplify)
  console.log(
    `identity client (aws-amplify), fetched when idle or on submit: ${kb(gzipSize(manifest[amplify]!.file))} gzip`,
  );
