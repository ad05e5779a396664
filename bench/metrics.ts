// The cost of metrics: an authenticated lookup route on a server with METRICS_TOKEN set against
// the same route with metrics off, both on one demo database, in three interleaved rounds; and the
// time a scrape of /metrics takes.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '../e2e/support/server.ts';
import { signIn } from './foundation.ts';
import {
  type BenchRow,
  CORES,
  type LoadResult,
  load,
  MAX_ROUND_SPREAD,
  ROOT,
  spreadOf,
  startProcess,
  untilJobsDone,
} from './lib.ts';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const ROUTE = '/api/credentials/types';
const ROUNDS = 3;
const SCRAPES = 50;
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function benchMetrics(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const databaseUrl = `sqlite:${join(dataDir, 'laurel.db')}`;
  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    return startProcess(
      MAIN,
      [],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // one demo database for both: the first server seeds it, the second finds it seeded
        DATABASE_URL: databaseUrl,
        DEMO_MODE: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      `http://127.0.0.1:${port}`,
      '/readyz',
      180_000,
      { pinned: true },
    );
  };
  const off = await start({});
  const on = await start({ METRICS_TOKEN });
  try {
    await untilJobsDone(databaseUrl);
    const servers = [
      { name: 'off', server: off, token: await signIn(off.url), runs: [] as LoadResult[] },
      { name: 'on', server: on, token: await signIn(on.url), runs: [] as LoadResult[] },
    ];
    for (const { server, token } of servers)
      await load(server.url + ROUTE, {
        duration: 2,
        headers: { authorization: `Bearer ${token}` },
        pinned: true,
      });
    for (let round = 0; round < ROUNDS; round++)
      for (const entry of round % 2 === 0 ? servers : [...servers].reverse())
        entry.runs.push(
          await load(entry.server.url + ROUTE, {
            headers: { authorization: `Bearer ${entry.token}` },
            pinned: true,
          }),
        );

    const scrapeTimes: number[] = [];
    let scrapeBytes = 0;
    for (let i = 0; i < SCRAPES; i++) {
      const started = performance.now();
      const response = await fetch(`${on.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await response.text();
      scrapeTimes.push(performance.now() - started);
      if (!response.ok) throw new Error(`/metrics answered ${response.status}: ${text}`);
      scrapeBytes = text.length;
    }

    const [withoutMetrics, withMetrics] = servers.map((s) =>
      median(s.runs.map((r) => r.requestsPerSecond)),
    ) as [number, number];
    const failures = servers
      .flatMap((s) => s.runs)
      .reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    const ratio = withMetrics / withoutMetrics;
    const roundRatios = servers[1]!.runs.map(
      (run, i) => run.requestsPerSecond / servers[0]!.runs[i]!.requestsPerSecond,
    );
    const rounds = (s: (typeof servers)[number]) =>
      s.runs.map((r) => Math.round(r.requestsPerSecond)).join(', ');
    return [
      {
        name: `${ROUTE}, metrics off (median of ${ROUNDS})`,
        value: Math.round(withoutMetrics),
        unit: 'req/s',
        note: `rounds: ${rounds(servers[0]!)}`,
      },
      {
        name: `${ROUTE}, METRICS_TOKEN set (median of ${ROUNDS})`,
        value: Math.round(withMetrics),
        unit: 'req/s',
        note: `rounds: ${rounds(servers[1]!)}`,
      },
      {
        name: 'metrics on / off',
        value: ratio,
        unit: '×',
        target: '≥ 0.9',
        pass: ratio >= 0.9 && failures === 0,
        ...(spreadOf(roundRatios) > MAX_ROUND_SPREAD
          ? {
              unsure: `rounds' ratios ${roundRatios.map((r) => r.toFixed(2)).join(', ')} differ by more than ${MAX_ROUND_SPREAD}×: the machine was busy with other work`,
            }
          : {}),
        note: `${failures ? `${failures} failed requests; ` : ''}load avg ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}; ${CORES.note}`,
      },
      {
        name: `GET /metrics (median of ${SCRAPES})`,
        value: median(scrapeTimes),
        unit: 'ms',
        note: `${Math.round(scrapeBytes / 1024)} KiB`,
      },
    ];
  } finally {
    await on.stop();
    await off.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
