// Lighthouse (performance only, simulated throttling) against `npm start` as people run it: the
// sign-in screen, the dashboard of a platform admin and of an organization admin, and a signed
// credential's public verification page, each with the mobile and the desktop preset, three runs
// each, medians beside their targets.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { freePort } from '../e2e/support/server.ts';
import { ensureChromium } from '../scripts/chromium.ts';
import { type BenchRow, startProcess, untilJobsDone } from './lib.ts';
import { issueDemoCredentials } from './open-badges.ts';

const DEMO_PASSWORD = 'Laurel-demo-2026!';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3;
/** Optional, to study a run: a folder for every run's full JSON report (`<page>-<preset>-<n>.json`). */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Optional, with REPORT_DIR: each run's Chromium trace beside its report (`<name>.trace.json`). */
const WITH_TRACES = process.env.BENCH_LIGHTHOUSE_TRACES === '1';
/**
 * Optional, with REPORT_DIR: each run's simulated LCP beside its report (`<name>.lcp-path.txt`),
 * every request and main-thread task of the graph Lighthouse simulated, with its simulated times.
 */
const WITH_LCP_PATH = process.env.BENCH_LIGHTHOUSE_LCP_PATH === '1';
/** Optional: only the pages whose name contains one of these (comma-separated), e.g. `sign-in`. */
const PAGE_FILTER = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** Optional: only these presets (comma-separated: `mobile`, `desktop`). */
const PRESETS = (process.env.BENCH_LIGHTHOUSE_PRESETS?.split(',').filter(Boolean) ?? [
  'mobile',
  'desktop',
]) as Preset[];

type Preset = 'mobile' | 'desktop';

const CONFIGS: Record<Preset, Config> = {
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
  desktop: {
    ...desktopConfig,
    settings: { ...desktopConfig.settings, onlyCategories: ['performance'] },
  },
};

const TARGETS: Record<Preset, { score: number; lcp: number; tbt: number }> = {
  mobile: { score: 90, lcp: 2500, tbt: 200 },
  desktop: { score: 98, lcp: 2500, tbt: 200 },
};
const CLS_TARGET = 0.05;
const JS_TARGET_KB = 120;

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function figuresOf(result: RunnerResult | undefined): Figures {
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const script = summary?.items?.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes: script?.transferSize ?? 0,
  };
}

/** Chromium with the flags of the browser tests, its DevTools port open for Lighthouse. */
function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  });
}

/** Signs in through the sign-in screen, as a person does, in the browser Lighthouse will use. */
async function signInThroughScreen(port: number, baseUrl: string, email: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth/password-sign-in`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Good / }).waitFor({ timeout: 60_000 });
    await page.close();
  } finally {
    // Leaves the browser running: only the Playwright connection closes.
    await browser.close();
  }
}

/** Empties the browser's HTTP cache (and keeps cookies: the session stays signed in). */
async function clearCache(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.detach();
  } finally {
    await browser.close();
  }
}

async function runLighthouse(
  chrome: LaunchedChrome,
  url: string,
  preset: Preset,
  signedIn: boolean,
  reportName?: string,
): Promise<Figures> {
  // A signed-in page keeps its cookies; its cache is emptied here instead of by Lighthouse.
  if (signedIn) await clearCache(chrome.port);
  const flags: Flags = {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    disableStorageReset: signedIn,
  };
  // A trace that failed to record (NO_NAVSTART and the like, seen on a busy machine) is run again.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, CONFIGS[preset]);
    if (REPORT_DIR && reportName && result) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `${reportName}.json`), JSON.stringify(result.lhr));
      if (WITH_LCP_PATH)
        writeFileSync(
          join(REPORT_DIR, `${reportName}.lcp-path.txt`),
          await simulatedLcpPath(result),
        );
      if (WITH_TRACES)
        writeFileSync(
          join(REPORT_DIR, `${reportName}.trace.json`),
          JSON.stringify((result.artifacts as unknown as { Trace: unknown }).Trace),
        );
    }
    if (!result?.lhr.runtimeError || attempt === 3) return figuresOf(result);
    console.error(`lighthouse ${preset} ${url}: ${result.lhr.runtimeError.code}, running again`);
  }
}

/** A node of Lighthouse's page graph as its simulation reports it (lantern's own types). */
interface SimulatedNode {
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number; connectionId: number };
}
interface SimulatedEstimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}

/**
 * How Lighthouse's simulation (lantern) arrived at the run's LCP: the same computation as its
 * report, done again on the run's trace and network log, listed node by node. The LCP is the
 * simulated end of the graph of requests that ended and main-thread tasks that ran before the
 * observed LCP, so the node that ends last, and what it waited for, is where time can be won.
 */
async function simulatedLcpPath(result: RunnerResult): Promise<string> {
  const { LanternLargestContentfulPaint } =
    await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
  const artifacts = result.artifacts as unknown as Record<string, unknown>;
  const settings = result.lhr.configSettings;
  const metric = (await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    } as never,
    { computedCache: new Map(), settings } as never,
  )) as unknown as {
    timing: number;
    optimisticEstimate: SimulatedEstimate;
    pessimisticEstimate: SimulatedEstimate;
  };
  const origin = new URL(result.lhr.finalDisplayedUrl).origin;
  const lines = [
    `simulated LCP ${Math.round(metric.timing)} ms (optimistic ${Math.round(metric.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(metric.pessimisticEstimate.timeInMs)}); reported ${Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0)} ms`,
  ];
  for (const [name, estimate] of [
    ['optimistic', metric.optimisticEstimate],
    ['pessimistic', metric.pessimisticEstimate],
  ] as const) {
    const timings = [...estimate.nodeTimings].sort(([, a], [, b]) => a.startTime - b.startTime);
    const last = Math.max(...timings.map(([, timing]) => timing.endTime));
    lines.push('', `${name} graph: ${timings.length} nodes, ending at ${Math.round(last)} ms`);
    for (const [node, { startTime, endTime }] of timings) {
      const span = `${Math.round(startTime)}–${Math.round(endTime)} ms`.padEnd(16);
      const mark = endTime === last ? '  ← ends last' : '';
      if (node.type === 'network' && node.request)
        lines.push(
          `  ${span} ${(node.request.transferSize / 1024).toFixed(1).padStart(6)} KB  ${node.request.url.replace(origin, '')} (connection ${node.request.connectionId})${mark}`,
        );
      else if (endTime - startTime >= 10 || mark)
        lines.push(`  ${span} main thread ${Math.round(endTime - startTime)} ms${mark}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function rowsFor(
  name: string,
  preset: Preset,
  runs: Figures[],
  load: string,
  minScore?: Partial<Record<Preset, number>>,
): BenchRow[] {
  const target = { ...TARGETS[preset], score: minScore?.[preset] ?? TARGETS[preset].score };
  const pick = (key: keyof Figures) => median(runs.map((run) => run[key]));
  const listed = (key: keyof Figures, digits = 0) =>
    runs.map((run) => run[key].toFixed(digits)).join(', ');
  const score = pick('score');
  const lcp = pick('lcp');
  const tbt = pick('tbt');
  const cls = pick('cls');
  const js = pick('jsBytes') / 1024;
  const label = `lighthouse ${preset} ${name}`;
  return [
    {
      name: `${label}: score (median of ${runs.length})`,
      value: score,
      unit: '',
      target: `≥ ${target.score}`,
      pass: score >= target.score,
      note: `runs ${listed('score')}; load avg ${load}`,
    },
    {
      name: `${label}: LCP`,
      value: Math.round(lcp),
      unit: 'ms',
      target: `≤ ${target.lcp} ms`,
      pass: lcp <= target.lcp,
      note: `runs ${listed('lcp')}`,
    },
    {
      name: `${label}: TBT`,
      value: Math.round(tbt),
      unit: 'ms',
      target: `≤ ${target.tbt} ms`,
      pass: tbt <= target.tbt,
      note: `runs ${listed('tbt')}`,
    },
    {
      name: `${label}: CLS`,
      value: Math.round(cls * 1000) / 1000,
      unit: '',
      target: `< ${CLS_TARGET}`,
      pass: cls < CLS_TARGET,
      note: `runs ${listed('cls', 3)}`,
    },
    {
      name: `${label}: JS transferred`,
      value: Math.round(js * 10) / 10,
      unit: 'KB',
      ...(name === 'sign-in' ? { target: `≤ ${JS_TARGET_KB} KB`, pass: js <= JS_TARGET_KB } : {}),
      note: `runs ${runs.map((run) => (run.jsBytes / 1024).toFixed(1)).join(', ')}`,
    },
  ];
}

/**
 * Lighthouse's performance category for the sign-in screen and the signed-in dashboards, served
 * by `npm start` (production build, demo mode, a fresh SQLite database). The dashboards are
 * measured in a browser that signed in through the sign-in screen; each run starts on an empty
 * cache with the session's cookies kept.
 */
export async function benchLighthouse(runs = RUNS): Promise<BenchRow[]> {
  ensureChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = `sqlite:${join(dataDir, 'laurel.db')}`;
  const server = await startProcess(
    '',
    ['start'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
    },
    baseUrl,
    '/readyz',
    180_000,
    { command: 'npm', stdoutFile: join(dataDir, 'server.log') },
  );
  const pages: {
    name: string;
    url: string;
    email?: string;
    minScore?: Partial<Record<Preset, number>>;
  }[] = [
    { name: 'sign-in', url: `${baseUrl}/auth/password-sign-in` },
    { name: 'dashboard (platform admin)', url: `${baseUrl}/`, email: 'admin@laurel.demo' },
    {
      name: 'dashboard (organization admin)',
      url: `${baseUrl}/`,
      email: 'orgadmin@northwind.demo',
    },
  ];
  const rows: BenchRow[] = [];
  try {
    // The demo world's matching and insights, queued as the server seeded it, run first: a page
    // measured meanwhile would share the cores with them.
    await untilJobsDone(databaseUrl);
    // A credential's public page, as an employer opens it from a link: no session, no app.
    const [verificationId] = await issueDemoCredentials(databaseUrl, 1);
    pages.push({
      name: 'verification page',
      url: `${baseUrl}/verify/${verificationId}`,
      minScore: { mobile: 95 },
    });
    for (const page of pages) {
      if (PAGE_FILTER && !PAGE_FILTER.some((part) => page.name.includes(part))) continue;
      const chrome = await launchChromium();
      try {
        if (page.email) await signInThroughScreen(chrome.port, baseUrl, page.email);
        for (const preset of PRESETS) {
          const loadBefore = loadAverage();
          const results: Figures[] = [];
          // One run first to warm the server (its first responses compile code paths).
          await runLighthouse(chrome, page.url, preset, Boolean(page.email));
          const slug = page.name.replace(/[^a-z]+/g, '-').replace(/-$/, '');
          for (let run = 0; run < runs; run++)
            results.push(
              await runLighthouse(
                chrome,
                page.url,
                preset,
                Boolean(page.email),
                `${slug}-${preset}-${run + 1}`,
              ),
            );
          rows.push(
            ...rowsFor(
              page.name,
              preset,
              results,
              `${loadBefore} → ${loadAverage()}`,
              page.minScore,
            ),
          );
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
