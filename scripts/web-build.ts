import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');
const BUILT_INDEX = join(WEB, 'dist/index.html');
const SOURCES = [
  join(WEB, 'src'),
  join(WEB, 'index.html'),
  join(WEB, 'vite.config.ts'),
  // The build's check that no Node code reaches the bundle (vite.config.ts imports it).
  join(WEB, 'scripts/browser-only-bundle.ts'),
  join(WEB, 'public'),
  join(ROOT, 'packages/contract/src'),
  // The methodology page's text.
  join(ROOT, 'docs/insights-methodology.md'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether the last build made source maps, and whether WEB_SOURCEMAPS asks for them now. */
function sourceMapsDiffer(): boolean {
  const assets = join(WEB, 'dist/assets');
  const built = existsSync(assets) && readdirSync(assets).some((name) => name.endsWith('.map'));
  const wanted = /^(true|1|yes)$/i.test(process.env.WEB_SOURCEMAPS ?? '');
  return built !== wanted;
}

/**
 * Whether the web app's sources changed since its last build (or it was never built, or it was
 * built with another WEB_SOURCEMAPS setting).
 */
export function webBuildIsStale(): boolean {
  if (!existsSync(BUILT_INDEX)) return true;
  const built = statSync(BUILT_INDEX).mtimeMs;
  return sourceMapsDiffer() || SOURCES.some((source) => newestMtime(source) > built);
}

/** The command that builds the web app with Vite, run in `cwd`. */
export const WEB_BUILD = {
  command: process.execPath,
  args: [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  cwd: WEB,
};

/** Builds the web app with Vite when needed; exits the process if the build fails. */
export function buildWebIfNeeded(options: { force?: boolean } = {}): void {
  if (!options.force && !webBuildIsStale()) return;
  console.log('Building the web app…');
  const result = spawnSync(WEB_BUILD.command, WEB_BUILD.args, {
    cwd: WEB_BUILD.cwd,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
