// `npm test`: every suite CI runs, in order, stopping at the first failure:
// lint, typecheck, the OpenAPI document check, unit and integration tests (SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set), then the browser tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureChromium } from './chromium.ts';
import { buildWebIfNeeded, ROOT } from './web-build.ts';

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'laurel-test-reports-'));
let passed = 0;
let failed = 0;
let skipped = 0;

function step(
  title: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function finish(ok: boolean): never {
  console.log(`\n${ok ? 'All suites passed.' : 'A suite failed; see above.'}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(ok ? 0 : 1);
}

if (!step('Lint', bin('eslint'), ['.', '--max-warnings', '0'])) finish(false);
if (
  !step('Every workspace declares what it imports', bin('knip'), ['--dependencies']) ||
  !step('Every workspace declares the Laurel packages it imports', process.execPath, [
    'scripts/workspace-deps.ts',
  ])
)
  finish(false);
if (
  !step('Typecheck', bin('tsc'), ['-p', 'tsconfig.json']) ||
  !step('Typecheck (web)', bin('tsc'), ['-p', 'apps/web/tsconfig.json'])
)
  finish(false);
if (
  !step('OpenAPI document is up to date', process.execPath, [
    'apps/server/src/scripts/openapi.ts',
    '--check',
  ])
)
  finish(false);

const vitestReport = join(reports, 'vitest.json');
const vitestOk = step(
  `Unit and integration tests${process.env.TEST_DATABASE_URL ? ' (SQLite and PostgreSQL)' : ' (SQLite; set TEST_DATABASE_URL to add PostgreSQL)'}`,
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
);
try {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
} catch {
  failed += 1;
}
if (!vitestOk) finish(false);

ensureChromium();
buildWebIfNeeded();
const e2eReport = join(reports, 'playwright.json');
const e2eOk = step(
  'Browser tests (Chromium)',
  bin('playwright'),
  ['test', '-c', 'e2e/playwright.config.ts'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  },
);
try {
  const stats = JSON.parse(readFileSync(e2eReport, 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
} catch {
  failed += 1;
}
finish(e2eOk);
