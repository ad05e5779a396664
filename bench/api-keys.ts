// The cost of an API key: one route of `npm start` as people run it (demo mode, the default log
// level) called with an organization API key and with the same organization admin's id token,
// three interleaved rounds of autocannon pinned apart from the server; the ratio of the medians
// (target ≥ 0.95: checking a key is as cheap as checking a token). `npm run bench -- api-keys`
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
  spreadOf,
  startProcess,
  untilJobsDone,
} from './lib.ts';

const ROUNDS = 3;
const TARGET = 0.95;
const ADMIN = 'orgadmin@northwind.demo';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function benchApiKeys(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laurel-bench-'));
  const databaseUrl = `sqlite:${join(dataDir, 'laurel.db')}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    '',
    ['start'],
    { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: databaseUrl },
    url,
    '/readyz',
    180_000,
    { command: 'npm', pinned: true },
  );
  try {
    await untilJobsDone(databaseUrl);
    const token = await signIn(url, ADMIN);
    const as = { authorization: `Bearer ${token}` };
    const profile = (await (await fetch(`${url}/api/users/profile`, { headers: as })).json()) as {
      organizationId: number;
    };
    const created = await fetch(`${url}/api/organizations/${profile.organizationId}/api-keys`, {
      method: 'POST',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Benchmark', scopes: ['credentials:read'] }),
    });
    const { secret } = (await created.json()) as { secret: string };
    const list = (await (
      await fetch(`${url}/api/credentials?pageSize=1`, { headers: as })
    ).json()) as { items: Array<{ id: number }> };
    // One credential: the same answer for both callers, a read the route's own work keeps small.
    const route = `${url}/api/credentials/${list.items[0]!.id}`;
    const callers = [
      { name: 'id token', headers: as, runs: [] as LoadResult[] },
      { name: 'API key', headers: { authorization: `Bearer ${secret}` }, runs: [] as LoadResult[] },
    ];
    for (const caller of callers) {
      const check = await fetch(route, { headers: caller.headers });
      if (!check.ok) throw new Error(`${caller.name}: ${check.status} ${await check.text()}`);
      await load(route, { duration: 2, headers: caller.headers, pinned: true });
    }
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]!.toFixed(2));
      for (const caller of round % 2 === 0 ? callers : [...callers].reverse())
        caller.runs.push(await load(route, { headers: caller.headers, pinned: true }));
    }
    const [byToken, byKey] = callers.map((caller) => caller.runs.map((r) => r.requestsPerSecond));
    const ratios = byKey!.map((rate, i) => rate / byToken![i]!);
    const ratio = median(ratios);
    const failed = callers.flatMap((c) => c.runs).reduce((n, r) => n + r.errors + r.non2xx, 0);
    const spread = Math.max(spreadOf(byToken!), spreadOf(byKey!));
    return [
      {
        name: 'API key ÷ id token (GET a credential)',
        value: Math.round(ratio * 100) / 100,
        unit: '',
        target: `≥ ${TARGET}`,
        ...(spread > MAX_ROUND_SPREAD
          ? { unsure: `rounds differ ${spread.toFixed(2)}×` }
          : { pass: ratio >= TARGET }),
        note: `key ${Math.round(median(byKey!))}/s, token ${Math.round(median(byToken!))}/s; rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; failed ${failed}; ${CORES.note}; load avg ${loads.join(', ')}`,
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchApiKeys()) console.log(row);
}
