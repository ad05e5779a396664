// `npm test`: every suite CI runs, in three stages, stopping after the first stage that fails:
// 1. the static checks (lint, declared imports, typecheck, the OpenAPI document check) and the web
//    build the browser tests need, side by side as many at a time as the machine has cores
//    (TEST_JOBS=1 runs them one after another);
// 2. unit and integration tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): Vitest
//    spreads its files over every core itself;
// 3. the browser tests in Debian's Chromium: their own server on a free port with a SQLite file of
//    its own, the browser and Playwright's one worker.
// The tests of 2 and 3 share no database and no port, but each keeps a small machine busy: they run
// side by side only from TESTS_SIDE_BY_SIDE_JOBS cores (or TEST_JOBS) on. Output of steps that run
// side by side is held back and printed whole as each ends, so that two never mix. Every step
// prints its wall time as it ends, and a table of them all comes last.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureChromium } from './chromium.ts';
import { ROOT, WEB_BUILD, webBuildIsStale } from './web-build.ts';

interface Step {
  title: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'laurel-test-reports-'));
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
/** Cores enough for Vitest's workers and the browser tests at once. */
const TESTS_SIDE_BY_SIDE_JOBS = 8;
const started = performance.now();
const timings: Array<{
  title: string;
  outcome: 'passed' | 'failed' | 'not run';
  seconds?: number;
}> = [];
let passed = 0;
let failed = 0;
let skipped = 0;

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Runs one step; with `held`, its output is kept and printed whole when it ends.
 * @example await run({ title: 'Lint', command: bin('eslint'), args: ['.'] }, false)
 */
function run(step: Step, held: boolean): Promise<boolean> {
  const since = performance.now();
  if (!held) console.log(`\n▶ ${step.title}`);
  const output: Buffer[] = [];
  return new Promise((resolve) => {
    let ended = false;
    const end = (ok: boolean) => {
      if (ended) return;
      ended = true;
      const took = seconds(since);
      timings.push({ title: step.title, outcome: ok ? 'passed' : 'failed', seconds: took });
      if (held) {
        console.log(`\n▶ ${step.title}`);
        const text = Buffer.concat(output).toString();
        if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      }
      console.log(`${ok ? '✔' : '✖'} ${step.title}: ${took.toFixed(1)} s`);
      resolve(ok);
    };
    const child = spawn(step.command, step.args, {
      cwd: step.cwd ?? ROOT,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // Piped output is no terminal: keep the colours a terminal would get.
      env: {
        ...process.env,
        ...(held && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
        ...step.env,
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      if (!held) console.error(error.message);
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}

/** Runs independent steps, `jobs` at a time (longest first), and says whether all passed. */
async function runSideBySide(steps: Step[]): Promise<boolean> {
  if (jobs === 1) {
    for (const [i, step] of steps.entries()) {
      if (!(await run(step, false))) {
        for (const rest of steps.slice(i + 1))
          timings.push({ title: rest.title, outcome: 'not run' });
        return false;
      }
    }
    return true;
  }
  console.log(`\n▶ ${steps.length} checks, ${Math.min(jobs, steps.length)} at a time`);
  let next = 0;
  let ok = true;
  const worker = async () => {
    while (next < steps.length) {
      const step = steps[next++]!;
      if (!(await run(step, true))) ok = false;
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, steps.length) }, worker));
  return ok;
}

function finish(ok: boolean, notRun: string[] = []): never {
  for (const title of notRun) timings.push({ title, outcome: 'not run' });
  const width = Math.max(...timings.map((t) => t.title.length), 'Total (wall time)'.length);
  console.log(`\n${'Step'.padEnd(width)}  ${'Time'.padStart(8)}  Result`);
  for (const t of timings) {
    const time = t.seconds === undefined ? '' : `${t.seconds.toFixed(1)} s`;
    console.log(`${t.title.padEnd(width)}  ${time.padStart(8)}  ${t.outcome}`);
  }
  console.log(
    `${'Total (wall time)'.padEnd(width)}  ${`${seconds(started).toFixed(1)} s`.padStart(8)}`,
  );
  console.log(`\n${ok ? 'All suites passed.' : 'A suite failed; see above.'}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(ok ? 0 : 1);
}

const vitestTitle = `Unit and integration tests${process.env.TEST_DATABASE_URL ? ' (SQLite and PostgreSQL)' : ' (SQLite; set TEST_DATABASE_URL to add PostgreSQL)'}`;
const e2eTitle = 'Browser tests (Chromium)';

// Longest first (lint, then the two typechecks; the rest take seconds), so that the last to start
// is a short one.
const checks: Step[] = [
  { title: 'Lint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] },
  { title: 'Typecheck (web)', command: bin('tsc'), args: ['-p', 'apps/web/tsconfig.json'] },
  { title: 'Typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  {
    title: 'Every workspace declares what it imports',
    command: bin('knip'),
    args: ['--dependencies'],
  },
  ...(webBuildIsStale() ? [{ title: 'Build the web app', ...WEB_BUILD }] : []),
  {
    title: 'OpenAPI document is up to date',
    command: process.execPath,
    args: ['apps/server/src/scripts/openapi.ts', '--check'],
  },
  {
    title: 'Every workspace declares the Laurel packages it imports',
    command: process.execPath,
    args: ['scripts/workspace-deps.ts'],
  },
];
if (!(await runSideBySide(checks))) finish(false, [vitestTitle, e2eTitle]);

const vitestReport = join(reports, 'vitest.json');
const vitest: Step = {
  title: vitestTitle,
  command: bin('vitest'),
  args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
};
function countVitest() {
  try {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    failed += 1;
  }
}

const e2eReport = join(reports, 'playwright.json');
const e2e: Step = {
  title: e2eTitle,
  command: bin('playwright'),
  args: ['test', '-c', 'e2e/playwright.config.ts'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
};
function countE2e() {
  try {
    const stats = JSON.parse(readFileSync(e2eReport, 'utf8')).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  } catch {
    failed += 1;
  }
}

if (jobs >= TESTS_SIDE_BY_SIDE_JOBS) {
  ensureChromium();
  console.log(`\n▶ ${vitestTitle} and ${e2eTitle}, side by side`);
  const [vitestOk, e2eOk] = await Promise.all([run(vitest, true), run(e2e, true)]);
  countVitest();
  countE2e();
  finish(vitestOk && e2eOk);
}
const vitestOk = await run(vitest, false);
countVitest();
if (!vitestOk) finish(false, [e2eTitle]);
ensureChromium();
const e2eOk = await run(e2e, false);
countE2e();
finish(e2eOk);
