// Foundation benchmarks: an authenticated lookup route against a bare Fastify route, start-up time
// to /readyz on an existing database, and the JavaScript the first screen needs.
import { chromium, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { freePort } from '../e2e/support/server.ts';
import { type BenchRow, load, ROOT, startProcess } from './lib.ts';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const DEMO_EMAIL = 'user@northwind.demo';
const DEMO_PASSWORD = 'Laurel-demo-2026!';

function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${join(dataDir, 'laurel.db')}`,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
  };
}

/** Signs a demo user in through the identity service's USER_PASSWORD_AUTH and returns the id token. */
export async function signIn(
  baseUrl: string,
  email = DEMO_EMAIL,
  password = DEMO_PASSWORD,
): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/api/config/cognito`)).json()) as {
    clientId: string;
    endpoint: string;
  };
  const response = await fetch(`${baseUrl}${config.endpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.AuthenticationResult.IdToken;
}

export async function benchAuthenticatedRoute(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const port = await freePort();
  const server = await startProcess(
    MAIN,
    [],
    serverEnv(port, dataDir),
    `http://127.0.0.1:${port}`,
    '/readyz',
  );
  try {
    const token = await signIn(server.url);
    const lookupPath = '/api/credentials/types';
    const list = await (
      await fetch(server.url + lookupPath, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const barePort = await freePort();
    const bare = await startProcess(
      join(ROOT, 'bench/bare-server.ts'),
      [],
      { PORT: String(barePort), BARE_BODY: JSON.stringify(list) },
      `http://127.0.0.1:${barePort}`,
      '/readyz',
    );
    try {
      // warm both up, then measure each with the same tool and connections
      await load(`${bare.url}/bare`, { duration: 2 });
      await load(server.url + lookupPath, {
        duration: 2,
        headers: { authorization: `Bearer ${token}` },
      });
      const baseline = await load(`${bare.url}/bare`);
      const authed = await load(server.url + lookupPath, {
        headers: { authorization: `Bearer ${token}` },
      });
      const unauthenticated = await load(`${server.url}/api/auth/login_modes`);
      const ratio = authed.requestsPerSecond / baseline.requestsPerSecond;
      const authRatio = authed.requestsPerSecond / unauthenticated.requestsPerSecond;
      const failures =
        authed.errors + authed.non2xx + baseline.errors + baseline.non2xx + unauthenticated.non2xx;
      return [
        {
          name: 'bare Fastify route',
          value: Math.round(baseline.requestsPerSecond),
          unit: 'req/s',
          note: `p99 ${baseline.p99} ms`,
        },
        {
          name: 'authenticated lookup route',
          value: Math.round(authed.requestsPerSecond),
          unit: 'req/s',
          note: `p99 ${authed.p99} ms, p50 ${authed.p50} ms`,
        },
        {
          name: 'authenticated / bare',
          value: ratio,
          unit: '×',
          target: '≥ 0.5',
          pass: ratio >= 0.5 && failures === 0,
          note: failures ? `${failures} failed requests` : '',
        },
        {
          name: 'public lookup route (no auth)',
          value: Math.round(unauthenticated.requestsPerSecond),
          unit: 'req/s',
          note: `p99 ${unauthenticated.p99} ms`,
        },
        {
          name: 'authenticated / unauthenticated',
          value: authRatio,
          unit: '×',
          target: '≥ 0.8',
          pass: authRatio >= 0.8,
        },
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStartup(runs = 5): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  try {
    const port = await freePort();
    // first start creates and seeds the database; the measured starts find it existing
    const first = await startProcess(
      MAIN,
      [],
      serverEnv(port, dataDir),
      `http://127.0.0.1:${port}`,
      '/readyz',
    );
    await first.stop();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const child = await startProcess(
        MAIN,
        [],
        serverEnv(port, dataDir),
        `http://127.0.0.1:${port}`,
        '/readyz',
      );
      times.push(performance.now() - started);
      await child.stop();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    return [
      {
        name: 'start-up to /readyz (existing db, median)',
        value: Math.round(median),
        unit: 'ms',
        target: '≤ 1500 ms',
        pass: median <= 1500,
        note: `runs: ${times.map(Math.round).join(', ')}`,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Bytes of JavaScript as the browser received them (compressed bodies), and how many files. */
async function scriptsTransferred(page: Page, until?: number) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        path: new URL(entry.name).pathname,
        bytes: timing.encodedBodySize,
        decoded: timing.decodedBodySize,
        end: timing.responseEnd,
      };
    }),
  );
  const scripts = entries.filter(
    (entry) => entry.path.endsWith('.js') && (until === undefined || entry.end <= until),
  );
  return {
    files: scripts.length,
    bytes: scripts.reduce((total, entry) => total + entry.bytes, 0),
    decoded: scripts.reduce((total, entry) => total + entry.decoded, 0),
  };
}

/**
 * The web app's JavaScript as a real browser receives it from `npm start`'s server (compressed
 * bytes on the wire, from Resource Timing), for the sign-in screen and the signed-in dashboard.
 */
export async function benchWebBundle(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const port = await freePort();
  const server = await startProcess(
    MAIN,
    [],
    { ...serverEnv(port, dataDir), LOG_LEVEL: 'info' },
    `http://127.0.0.1:${port}`,
    '/readyz',
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/auth/password-sign-in`);
    // The moment the e-mail field is on screen (checked every animation frame), in page time.
    const shownAt = await (
      await page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('label')).some((label) =>
            label.textContent?.includes('E-mail address'),
          ) && performance.now(),
        undefined,
        { polling: 'raf' },
      )
    ).jsonValue();
    await page.waitForLoadState('networkidle');
    const firstScreen = await scriptsTransferred(page, shownAt as number);
    const signInIdle = await scriptsTransferred(page);
    rows.push({
      name: 'sign-in: JS transferred until the screen shows',
      value: kb(firstScreen.bytes),
      unit: 'KB',
      target: '≤ 120 KB',
      pass: firstScreen.bytes <= 120 * 1024,
      note: `${firstScreen.files} files, ${kb(firstScreen.decoded)} KB decoded`,
    });
    rows.push({
      name: 'sign-in: JS transferred once idle',
      value: kb(signInIdle.bytes),
      unit: 'KB',
      note: `${signInIdle.files} files, ${kb(signInIdle.decoded)} KB decoded`,
    });

    await page.getByLabel('E-mail address').fill(DEMO_EMAIL);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: /^Good / }).waitFor();
    await page.waitForLoadState('networkidle');
    const dashboard = await scriptsTransferred(page);
    rows.push({
      name: 'dashboard after sign-in: JS transferred in all',
      value: kb(dashboard.bytes),
      unit: 'KB',
      note: `${dashboard.files} files, ${kb(dashboard.decoded)} KB decoded`,
    });
    // A fresh visit to the dashboard with the session already there (a new tab, empty cache).
    const cookies = await page.context().cookies();
    const fresh = await browser.newContext();
    await fresh.addCookies(cookies);
    const direct = await fresh.newPage();
    await direct.goto(server.url);
    await direct.getByRole('heading', { level: 1, name: /^Good / }).waitFor();
    await direct.waitForLoadState('networkidle');
    const dashboardDirect = await scriptsTransferred(direct);
    rows.push({
      name: 'dashboard opened signed in: JS transferred',
      value: kb(dashboardDirect.bytes),
      unit: 'KB',
      note: `${dashboardDirect.files} files, ${kb(dashboardDirect.decoded)} KB decoded`,
    });
    await fresh.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
