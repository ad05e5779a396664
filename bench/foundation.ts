// Foundation benchmarks: an authenticated lookup route against a bare Fastify route, start-up time
// to /readyz on an existing database, and the JavaScript the first screen needs.
import { chromium } from 'playwright-core';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

export async function benchWebBundle(): Promise<BenchRow[]> {
  const assets = join(ROOT, 'apps/web/dist/assets');
  const rows: BenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const port = await freePort();
  const server = await startProcess(
    MAIN,
    [],
    serverEnv(port, dataDir),
    `http://127.0.0.1:${port}`,
    '/readyz',
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          end: (entry as PerformanceResourceTiming).responseEnd,
        })),
    );
    const gzipOf = (paths: string[]) =>
      paths.reduce(
        (total, path) => total + gzipSync(readFileSync(join(ROOT, 'apps/web/dist', path))).length,
        0,
      );
    const beforeScreen = loaded
      .filter((entry) => entry.end <= (shownAt as number))
      .map((entry) => entry.path);
    const firstScreen = gzipOf(beforeScreen);
    const afterIdle = gzipOf(loaded.map((entry) => entry.path));
    rows.push({
      name: 'JS loaded until the sign-in screen shows (gzip)',
      value: Math.round(firstScreen / 1024),
      unit: 'KB',
      target: '≤ 200 KB',
      pass: firstScreen <= 200 * 1024,
      note: `${beforeScreen.length} files`,
    });
    rows.push({
      name: 'JS once the sign-in screen is idle (gzip)',
      value: Math.round(afterIdle / 1024),
      unit: 'KB',
      note: `${loaded.length} files; the rest is aws-amplify, fetched once the screen is idle`,
    });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
  for (const chunk of chunks.sort(
    (a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size,
  )) {
    const raw = readFileSync(join(assets, chunk));
    rows.push({
      name: `  chunk ${chunk}`,
      value: Math.round(gzipSync(raw).length / 102.4) / 10,
      unit: 'KB gzip',
      note: `${Math.round(raw.length / 1024)} KB raw`,
    });
  }
  return rows;
}
